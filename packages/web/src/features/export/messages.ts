/** The Chinese texts of 导出管理 beyond the descriptor's labels (exportJobResource). */
export const M = {
  download: '下载',
  failed: (error: string) => error || '导出失败',
} as const;
