/** What the 管理员 screen is told when a write is refused (a business refusal, shown by the console for 5 s). */
export const MSG = {
  usernameTaken: '用户名已存在',
  companyRequired: '请选择所属公司',
  companyOutside: '只能把用户放在本公司或下级公司',
  companyMissing: '所属公司不存在',
  roleMissing: '所选角色不存在',
  roleNotHeld: '不能授予自己没有的角色',
  /** Why a customer company's user may not hold a role (the 400 of a write, the user form's hint on that role). */
  adminRoleToCustomer: (role: string) => `角色 ${role} 拥有平台全部权限,不能授予客户公司的用户`,
  vendorToolToCustomer: (role: string, title: string, path: string) => `角色 ${role} 含平台自用的菜单 ${title} (${path}),不能授予客户公司的用户`,
  rolesRefused: (reason: string) => `参数错误 roles: ${reason}`,
  fullAccessTarget: '不能修改或删除拥有全部权限的管理员',
  deleteSelf: '不能删除自己',
  disableSelf: '不能禁用自己',
  deleteSuper: '超级管理员不能删除',
  disableSuper: '超级管理员不能禁用',
  renameSuper: '超级管理员的用户名不能修改',
} as const;
