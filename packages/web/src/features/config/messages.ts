/** The Chinese texts of 通用配置 beyond the descriptor's labels (configResource). */
export const M = {
  keyRequired: '请输入配置键',
  publicHint: '公开的配置项无需登录即可读取 (如系统名称)',
  builtinKeyHint: '内置配置项的键不能修改',
} as const;
