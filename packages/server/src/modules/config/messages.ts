/** What the 通用配置 screen is told when a write is refused (a business refusal, shown by the console for 5 s). */
export const MSG = {
  vendorOnly: '通用配置由平台统一管理,客户管理员不能修改',
  keyTaken: '配置键已存在',
  renameBuiltin: '内置配置项的键不能修改',
  deleteBuiltin: '内置配置项不能删除',
} as const;
