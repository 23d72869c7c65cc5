/** What the spreadsheet routes tell the user. */
export const SHEET_MSG = {
  queued: '已加入导出队列,请在导出管理中查看进度并下载',
  notMultipart: '请以 multipart/form-data 上传 xlsx 文件,字段名 file',
  noFile: '请选择要导入的 xlsx 文件 (字段名 file)',
  imported: (saved: number, failed: number) => (failed ? `导入成功 ${saved} 条,失败 ${failed} 条` : `导入成功 ${saved} 条`),
} as const;
