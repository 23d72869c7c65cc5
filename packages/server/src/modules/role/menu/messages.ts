/** What 同步菜单 is told (a business refusal, shown by the console for 5 s, or a 400 naming the field). */
export const MSG = {
  tags: ['角色'],
  vendorOnly: '角色和菜单由平台统一管理,客户管理员不能修改',
  duplicate: (path: string) => `菜单路径 ${path} 重复`,
  parentMissing: (parent: string) => `上级菜单 ${parent} 不在同步的菜单中`,
  cycle: (path: string) => `菜单 ${path} 的上级关系构成了循环`,
  synced: (n: number) => `已同步 ${n} 个菜单`,
} as const;
