/** The Chinese texts of 管理员 beyond the descriptor's labels (adminUserResource). */
export const M = {
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  passwordKeep: '留空则不修改',
} as const;
