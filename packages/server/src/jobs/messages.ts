/** What export and import tell the user. */
export const MSG = {
  noCompany: '当前账号未关联公司,没有可导出的数据',
  interrupted: '服务重启,导出中断',
  stopped: '服务停止,导出中断',
  notExportable: '该列表不支持导出',
  failed: '导出失败,请稍后重试',
  jobTitle: '导出任务',
  importFailedTitle: (title: string) => `${title}导入失败记录`,
  notXlsx: '文件不是有效的 xlsx 表格,请使用下载的导入模板填写',
  tooManyRows: (max: number) => `一次最多导入 ${max} 行,请分批导入`,
  headerMismatch: '表头与导入模板不一致,请下载导入模板填写',
  rowNotSaved: (line: number, reason: string) => `第 ${line} 行无法保存 (${reason}),本次导入没有保存任何数据`,
  dbDuplicate: '数据已存在,不能重复',
  dbReference: '关联数据不存在或仍被使用',
  dbFormat: '数据格式或取值范围不正确',
} as const;
