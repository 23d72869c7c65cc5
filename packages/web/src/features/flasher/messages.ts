/** The Chinese texts of 刷机助手 beyond the descriptor's labels (flashBatchResource). */
export const M = {
  downloadCsv: '下载 CSV',
  downloadJson: '下载 JSON',
  secretOnce: '密钥只能下载一次, 请妥善保存。确定下载?',
  preview: '网关ID预览',
  previewOf: (first: string, last: string) => (first === last ? first : `${first} ~ ${last}`),
  goodsPlaceholder: '选择设备类型',
  orderPlaceholder: '选择采购单 (可选)',
  detail: '详情',
  detailTitle: (first: string, last: string) => `刷机批次: ${first} ~ ${last}`,
  baseTab: '基本信息',
  itemsTab: '网关身份',
  notYet: '未上线',
  fileName: (id: number, format: string) => `刷机批次-${id}.${format}`,
} as const;
