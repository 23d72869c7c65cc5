/** What the 自动回复 screen is told. */
export const MSG = {
  vendorOnly: '自动回复由平台统一管理, 客户管理员不能修改',
  testBind: '绑定指令 (测试不会绑定)',
} as const;
