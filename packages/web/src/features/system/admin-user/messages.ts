/** The Chinese texts of 管理员. */
export const M = {
  title: '管理员',
  username: '用户名',
  usernameRequired: '请输入用户名',
  name: '姓名',
  company: '所属公司',
  phone: '手机号',
  email: '邮箱',
  roles: '角色',
  enabled: '状态',
  on: '启用',
  off: '禁用',
  password: '密码',
  passwordRequired: '请输入密码',
  passwordKeep: '留空则不修改',
  lastLogin: '最后登录',
  createdAt: '创建时间',
} as const;

export const ENABLED_OPTIONS = [
  { label: M.on, value: 'true' },
  { label: M.off, value: 'false' },
];
