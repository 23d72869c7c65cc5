/** The Chinese texts of 网关设备 beyond the descriptor's labels (deviceResource). */
export const M = {
  gatewayIdRequired: '请输入设备ID',
  online: '在线',
  offline: '离线',
  unlicensed: '未授权',
  licensed: '已授权',
  /** the 授权 tab's line above the box's licences */
  licenseNow: '当前授权许可:',
  licenseExpired: '已过期',
  machines: '机床',
  detail: '详情',
  untag: '移除标签',
  customer: '客户',
  tags: '标签',
  selectCustomer: '请选择客户',
  selectTags: '请选择标签',
  detailTitle: (gatewayId: string) => `设备详情: ${gatewayId}`,
  baseTab: '基本信息',
  machinesTab: '机床',
  flowsTab: '流转记录',
  noMachines: '该设备下还没有机床',
  manageMachines: '管理机床',
  noFlows: '暂无流转记录',
  /** the 基本信息 tab's section of the last telemetry refused */
  rejectedTitle: '数据格式错误',
  hasMachines: (n: number) => `设备下还有 ${n} 台机床,请先删除机床`,
  secretTitle: '设备密钥',
  secretOnce: '密钥只显示这一次,关闭后无法再次查看。请立即复制并妥善保存,设备凭设备ID和此密钥接入平台。',
  secretLabel: '密钥',
  secretSaved: '我已保存',
  makeShortUrls: '生成短链接',
  qrLabels: '二维码标签',
  qrLabelsFile: '设备二维码标签.html',
  /** what 生成短链接 did: links made now, boxes that had theirs */
  shortUrlsMade: (made: number, had: number) =>
    made && had ? `已生成 ${made} 个短链接,${had} 台设备已有短链接` : made ? `已生成 ${made} 个短链接` : `选中的 ${had} 台设备都已有短链接`,
} as const;
