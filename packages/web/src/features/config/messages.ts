/** The Chinese texts of 通用配置 beyond the descriptor's labels (configResource). */
export const M = {
  keyRequired: '请输入配置键',
  publicHint: '公开的配置项无需登录即可读取 (如系统名称)',
  builtinKeyHint: '内置配置项的键不能修改',
  addRow: '添加一项',
  removeRow: (n: number) => `删除第 ${n} 项`,
  templateId: '模板 ID (公众平台模板库中的)',
  templateUrl: '点击通知打开的地址 (可不填)',
} as const;
