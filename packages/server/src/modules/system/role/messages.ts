/** What the 角色管理 screen is told when a write is refused (shown for 5 s, spec §8). */
export const MSG = {
  vendorOnly: '角色和菜单由平台统一管理,客户管理员不能修改',
  nameTaken: '角色名称已存在',
  parentMissing: '上级角色不存在',
  parentBelowSelf: '上级角色不能是自己或自己的下级',
  builtin: '内置角色 (admin、customer) 不能删除',
  hasChildren: '该角色还有下级角色,请先删除或移走下级角色',
  hasMembers: (n: number) => `该角色下还有 ${n} 个用户,请先取消这些用户的该角色`,
  bitsNotHeld: (menu: string) => `不能授予自己没有的权限: ${menu}`,
} as const;
