import { ACTION, type Action, type MenuNode, type RoleMenu } from '@gw/contracts';

/** A role's grants being edited: menu path → action bits. */
export type Grants = Record<string, number>;

/** The five action bits in the order of the dialog's columns (查询 增加 修改 删除 导出). */
export const BITS = Object.entries(ACTION) as [Action, number][];

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

/** The paths of the nodes and of everything below them. */
export const pathsOf = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.path, ...pathsOf(node.children ?? [])]);

export type Coverage = 'all' | 'some' | 'none';

/** Whether every path holds all bits of `mask` (a ticked box), none holds any (empty) or it is mixed. */
export function coverage(grants: Grants, paths: string[], mask: number): Coverage {
  if (!paths.length) return 'none';
  if (paths.every((path) => ((grants[path] ?? 0) & mask) === mask)) return 'all';
  return paths.some((path) => (grants[path] ?? 0) & mask) ? 'some' : 'none';
}

/** Sets (or clears) the bits of `mask` on every path: a parent's box applies to its whole subtree. */
export function setBits(grants: Grants, paths: string[], mask: number, on: boolean): Grants {
  const next = { ...grants };
  for (const path of paths) next[path] = on ? (next[path] ?? 0) | mask : (next[path] ?? 0) & ~mask;
  return next;
}
