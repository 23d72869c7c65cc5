/** The Chinese texts of 角色管理 beyond the descriptor's labels (roleResource). */
export const M = {
  nameRequired: '请输入角色名称',
  topLevel: '无 (顶级角色)',
  memberCount: (n: number) => `${n} 人`,
  permissions: '权限',
  permissionTitle: (name: string) => `设置权限: ${name}`,
  adminHasAll: '管理员角色拥有全部权限,无需设置',
  menu: '菜单',
  all: '全选',
  customersRole: '客户使用的角色不能获得平台自用的菜单 (授权生成、刷机助手、版本管理等),此处不列出',
  takesEffect: '保存后,持有该角色的用户在下次加载用户信息 (刷新页面或重新登录) 时生效。',
} as const;
