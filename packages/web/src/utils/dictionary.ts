import type { AreaNode, DictItem } from '@gw/contracts';
import { STORAGE } from '../settings';

/**
 * The dictionary cached at login under SYSTEM_DICTIONARY: category → items, plus the area tree.
 * Parsed once per stored text, so widgets may call these helpers on every render.
 */
let cachedText: string | null = null;
let cached: Record<string, unknown> = {};

export function readDictionary(): Record<string, unknown> {
  const text = localStorage.getItem(STORAGE.dictionary);
  if (text !== cachedText) {
    cachedText = text;
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      cached = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      cached = {};
    }
  }
  return cached;
}

/** Items of one category ([] when the category is missing). */
export function dict(category: string): DictItem[] {
  const items = readDictionary()[category];
  return Array.isArray(items) ? (items as DictItem[]) : [];
}

/** Title of the item whose value is `value` ('3' matches 3); '' when there is none. */
export function dictTitle(category: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return dict(category).find((item) => String(item.value) === String(value))?.title ?? '';
}

/** The area tree: provinces → cities → districts. */
export function areaTree(): AreaNode[] {
  const tree = readDictionary().area;
  return Array.isArray(tree) ? (tree as AreaNode[]) : [];
}

function findPath(nodes: AreaNode[], id: number): AreaNode[] | null {
  for (const node of nodes) {
    if (node.id === id) {
      // A city repeats itself as its first child; the picker selects that leaf, so the path ends there.
      const self = node.children?.[0];
      return self && self.id === id ? [node, self] : [node];
    }
    const below = node.children ? findPath(node.children, id) : null;
    if (below) return [node, ...below];
  }
  return null;
}

/**
 * Ids from the province down to the area with this id ([] when unknown or 0, "not filled in").
 *
 * @example areaPath(440106) // [19, 4401, 440106]; areaPath(4401) // [19, 4401, 4401]
 */
export function areaPath(id: number | string | null | undefined, tree: AreaNode[] = areaTree()): number[] {
  const n = Number(id);
  if (!n || !Number.isFinite(n)) return [];
  return findPath(tree, n)?.map((node) => node.id) ?? [];
}

/** Titles along the path, the city's self-copy shown once: '广东省 / 广州市 / 天河区'. */
export function areaLabel(id: number | string | null | undefined, separator = ' / ', tree: AreaNode[] = areaTree()): string {
  const n = Number(id);
  if (!n || !Number.isFinite(n)) return '';
  const nodes = findPath(tree, n) ?? [];
  return nodes
    .filter((node, i) => i === 0 || node.id !== nodes[i - 1].id)
    .map((node) => node.title)
    .join(separator);
}
