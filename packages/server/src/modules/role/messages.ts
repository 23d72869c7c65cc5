/** What the 角色管理 screen is told when a write is refused (a business refusal, shown by the console for 5 s). */
export const MSG = {
  vendorOnly: '角色和菜单由平台统一管理,客户管理员不能修改',
  nameTaken: '角色名称已存在',
  builtin: '内置角色 (admin、customer) 不能删除',
  vendorTool: (title: string, path: string) => `参数错误 menus: ${title} (${path}) 是平台自用的菜单,不能授予客户使用的角色`,
  bitsNotHeld: (menu: string) => `不能授予自己没有的权限: ${menu}`,
} as const;
