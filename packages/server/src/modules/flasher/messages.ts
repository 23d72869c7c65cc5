/** What 刷机助手 tells the user. */
export const MSG = {
  vendorOnly: '只有平台管理员可以使用刷机助手',
  goodsMissing: '设备类型不存在',
  buyOrderMissing: '采购单不存在',
  seqTooLarge: '起始序号过大: 本批最后一个序号不能超过 2147483647',
  /** Up to five of the ids, then an ellipsis when there are more. */
  idsTaken: (ids: string[], more: boolean) => `网关ID已存在: ${ids.join(', ')}${more ? ' …' : ''}`,
  downloadedAlready: '本批身份文件已下载过, 密钥不再提供',
  downloadFirst: '请先下载身份文件',
  confirmedAlready: '该批次已入库',
  confirmedNoDelete: '已入库的批次不能删除',
  confirmed: (n: number) => `已入库 ${n} 台设备`,
  flowRemark: (batchId: number) => `刷机入库 (批次 ${batchId})`,
  fileName: (batchId: number, format: string) => `刷机批次-${batchId}.${format}`,
} as const;
