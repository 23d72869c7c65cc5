/** The Chinese texts of 机床 beyond the descriptor's labels (machineToolResource). */
export const M = {
  vpnIp: 'VPN IP地址',
  ipButton: 'IP地址',
  details: '详细信息',
  close: '关闭',
  enabled: '启用',
  lanIpHint: '机床保留自己局域网地址时填写 (如 192.168.0.20): 远程访问经网关一对一转换到它; 按 IP地址 中的地址设置机床时留空',
  lanIpPlaceholder: '留空: 机床使用平台分配的地址',
  disabled: '停用',
  codeRequired: '请输入设备编号',
  categoryRequired: '请选择类型',
} as const;
