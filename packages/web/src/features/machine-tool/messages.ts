/** The Chinese texts of 机床 beyond the descriptor's labels (machineToolResource). */
export const M = {
  vpnIp: 'VPN IP地址',
  ipButton: 'IP地址',
  details: '详细信息',
  close: '关闭',
  enabled: '启用',
  disabled: '停用',
  codeRequired: '请输入设备编号',
  categoryRequired: '请选择类型',
} as const;
