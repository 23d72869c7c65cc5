/** The Chinese texts of 导出管理. */
export const M = {
  title: '导出任务',
  name: '名称',
  state: '状态',
  progress: '进度',
  rows: '行数',
  user: '导出人',
  time: '创建时间',
  size: '文件大小',
  download: '下载',
  failed: (error: string) => error || '导出失败',
} as const;
