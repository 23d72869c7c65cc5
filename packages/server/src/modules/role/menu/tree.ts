import type { MenuEntry, MenuNode } from '@gw/contracts';
import { forest } from '../../../lib/tree.js';

/** The menu forest from flat entries: children in `sort` order, then by path; an orphan is a root. */
export function buildMenuTree(entries: MenuEntry[]): MenuNode[] {
  const sorted = [...entries].sort((a, b) => a.sort - b.sort || a.path.localeCompare(b.path));
  return forest<string, MenuNode>(sorted.map((e) => ({ key: e.path, parent: e.parent, node: { ...e } })));
}
