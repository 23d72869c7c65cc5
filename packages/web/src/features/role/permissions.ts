import { ACTION, type Action, MENUS, type MenuNode, ROLE_CUSTOMER, type RoleItem, type RoleMenu, customerMenus, findMenu, menuActions, menuTree } from '@gw/contracts';

/** Whether customers' users work under a role: 客户 (role 2) or a role below it. */
export function isCustomersRole(role: Pick<RoleItem, 'id' | 'parent_id'>, roles: readonly Pick<RoleItem, 'id' | 'parent_id'>[]): boolean {
  const seen = new Set<number>();
  for (let at: Pick<RoleItem, 'id' | 'parent_id'> | undefined = role; at && !seen.has(at.id); at = roles.find((r) => r.id === at?.parent_id)) {
    if (at.id === ROLE_CUSTOMER) return true;
    seen.add(at.id);
  }
  return false;
}

/** The menus the dialog offers a role: all of them, or for a customers' role all but the vendor's own tools. */
export const menusFor = (role: Pick<RoleItem, 'id' | 'parent_id'>, roles: readonly Pick<RoleItem, 'id' | 'parent_id'>[]): MenuNode[] =>
  menuTree(isCustomersRole(role, roles) ? customerMenus() : MENUS);

/** A role's grants being edited: menu path → action bits. */
export type Grants = Record<string, number>;

/** Every action bit in the order of the dialog's columns (查询 增加 修改 删除 导出, then the declared actions). */
export const BITS = Object.entries(ACTION) as [Action, number][];

/** The bits a menu the console no longer knows offers: those of every list. */
const LIST_MASK = ACTION.query | ACTION.add | ACTION.edit | ACTION.delete | ACTION.export;

const maskOf = (actions: readonly Action[]) => actions.reduce((mask, action) => mask | ACTION[action], 0);

/** Menu path → the bits the dialog offers there: its menu's actions; a group offers what its children offer. */
export type Offers = ReadonlyMap<string, number>;

export function offersOf(nodes: MenuNode[], into = new Map<string, number>()): Map<string, number> {
  for (const node of nodes) {
    const children = node.children ?? [];
    offersOf(children, into);
    const menu = findMenu(node.path);
    let mask = menu ? maskOf(menuActions(menu)) : 0;
    if (!mask && children.length) mask = children.reduce((all, child) => all | (into.get(child.path) ?? 0), 0);
    into.set(node.path, mask || LIST_MASK);
  }
  return into;
}

/** A path and the bits a box sets on it. */
export type Target = [path: string, mask: number];

/** The paths of the nodes and of everything below them. */
export const pathsOf = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.path, ...pathsOf(node.children ?? [])]);

/** What a box over `nodes` sets: `mask` on each path that offers it, or (no mask: 全选) all a path offers. */
export function targetsOf(nodes: MenuNode[], offers: Offers, mask?: number): Target[] {
  return pathsOf(nodes).flatMap((path): Target[] => {
    const offered = offers.get(path) ?? 0;
    const bits = mask === undefined ? offered : offered & mask;
    return bits ? [[path, bits]] : [];
  });
}

export function toGrants(menus: RoleMenu[]): Grants {
  const grants: Grants = {};
  for (const { menu, action } of menus) grants[menu] = (grants[menu] ?? 0) | action;
  return grants;
}

/** What the role is saved with: one entry per menu that has a bit. */
export const toMenus = (grants: Grants): RoleMenu[] =>
  Object.entries(grants)
    .filter(([, action]) => action > 0)
    .map(([menu, action]) => ({ menu, action }));

export type Coverage = 'all' | 'some' | 'none';

/** Whether every target holds all its bits (a ticked box), none holds any (empty) or it is mixed. */
export function coverage(grants: Grants, targets: Target[]): Coverage {
  if (!targets.length) return 'none';
  if (targets.every(([path, mask]) => ((grants[path] ?? 0) & mask) === mask)) return 'all';
  return targets.some(([path, mask]) => (grants[path] ?? 0) & mask) ? 'some' : 'none';
}

/** Sets (or clears) each target's bits: a parent's box applies to its whole subtree. */
export function setBits(grants: Grants, targets: Target[], on: boolean): Grants {
  const next = { ...grants };
  for (const [path, mask] of targets) next[path] = on ? (next[path] ?? 0) | mask : (next[path] ?? 0) & ~mask;
  return next;
}
