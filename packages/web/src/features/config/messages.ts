/** The Chinese texts of 通用配置 beyond the descriptor's labels (configResource). */
export const M = {
  keyRequired: '请输入配置键',
  publicHint: '公开的配置项无需登录即可读取 (如系统名称)',
  builtinKeyHint: '内置配置项的键不能修改',
  addRow: '添加一项',
  removeRow: (n: number) => `删除第 ${n} 项`,
  templateId: '模板 ID (公众平台模板库中的)',
  templateUrl: '点击通知打开的地址 (可不填)',
  templateField: '模板字段',
  templateText: '填入的文字',
  /** Under a template's fields: the facts a field's text may name, in braces, e.g. {设备ID} {报警时间}. */
  placeholders: (names: readonly string[]) => `文字中可用花括号插入通知的内容: ${names.map((name) => `{${name}}`).join(' ')}`,
  unset: '未设置',
} as const;
