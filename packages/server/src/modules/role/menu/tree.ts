import type { MenuEntry, MenuNode } from '@gw/contracts';
import { badRequest } from '../../../http/errors.js';
import { forest } from '../../../lib/tree.js';
import { MSG } from './messages.js';

/** The menu forest from flat entries: children in `sort` order, then by path; an orphan is a root. */
export function buildMenuTree(entries: MenuEntry[]): MenuNode[] {
  const sorted = [...entries].sort((a, b) => a.sort - b.sort || a.path.localeCompare(b.path));
  return forest<string, MenuNode>(sorted.map((e) => ({ key: e.path, parent: e.parent, node: { ...e } })));
}

/** Refuses a registered tree that is not one: duplicate paths, unknown parents, parent loops (400 naming the entry). */
export function checkMenuTree(entries: MenuEntry[]): void {
  const parents = new Map<string, string | null>();
  entries.forEach((e, i) => {
    if (parents.has(e.path)) throw badRequest(`参数错误 menus.${i}.path: ${MSG.duplicate(e.path)}`);
    parents.set(e.path, e.parent);
  });
  entries.forEach((e, i) => {
    if (e.parent != null && !parents.has(e.parent)) throw badRequest(`参数错误 menus.${i}.parent: ${MSG.parentMissing(e.parent)}`);
    const seen = new Set<string>();
    for (let p: string | null | undefined = e.path; p != null; p = parents.get(p)) {
      if (seen.has(p)) throw badRequest(`参数错误 menus.${i}.parent: ${MSG.cycle(e.path)}`);
      seen.add(p);
    }
  });
}
