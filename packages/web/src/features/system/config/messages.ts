/** The Chinese texts of 通用配置. */
export const M = {
  title: '配置',
  key: '配置键',
  keyRequired: '请输入配置键',
  value: '配置值',
  description: '描述',
  public: '公开',
  publicHint: '公开的配置项无需登录即可读取 (如系统名称)',
  builtin: '内置',
  builtinKeyHint: '内置配置项的键不能修改',
  updatedAt: '更新时间',
  yes: '是',
  no: '否',
} as const;

/** The yes/no filter of 公开, as the server reads it (true / false). */
export const YES_NO = [
  { label: M.yes, value: 'true' },
  { label: M.no, value: 'false' },
];
