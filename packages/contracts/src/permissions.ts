// No zod here: the console's entry imports these constants, and zod should load only with the forms.

/**
 * Action bits of a role's menu entry: the five of every list, then the bits of declared actions (a menu
 * shows in the permission dialog only the ones its resource declares).
 */
export const ACTION = { query: 1, add: 2, edit: 4, delete: 8, export: 16, assign: 32, tag: 64, secret: 128, approve: 256, debug: 512 } as const;
export type Action = keyof typeof ACTION;
export const ALL_ACTIONS = Object.values(ACTION).reduce((all, bit) => all | bit, 0);

/** One menu of a role and the action bits it grants there. */
export interface RoleMenu {
  menu: string;
  action: number;
}

export const ROLE_ADMIN = 1;
export const ROLE_CUSTOMER = 2;
/** The built-in roles' names as seeded (Chinese, as the console shows every name): full access, and a factory's user. */
export const ROLE_NAMES = { [ROLE_ADMIN]: '超级管理员', [ROLE_CUSTOMER]: '客户' } as const;

/** Merges the menus of several roles: one entry per menu, action bits OR-ed. */
export function mergeRoleMenus(lists: RoleMenu[][]): RoleMenu[] {
  const merged = new Map<string, number>();
  for (const list of lists) for (const { menu, action } of list) merged.set(menu, (merged.get(menu) ?? 0) | action);
  return [...merged].map(([menu, action]) => ({ menu, action }));
}

export interface Grants {
  /** Full access: the super user and holders of role 1 `admin` pass every check. */
  superUser: boolean;
  roleMenu: RoleMenu[];
}

/**
 * The one permission function, used by the server's route guard and by the console's menus and buttons.
 * @example can(grants, '/system/log', 'export')
 */
export function can(grants: Grants, menu: string, action: Action): boolean {
  if (grants.superUser) return true;
  const bit = ACTION[action];
  return grants.roleMenu.some((entry) => entry.menu === menu && (entry.action & bit) === bit);
}
