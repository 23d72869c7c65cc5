import type { AppRoute } from '../../app/route-types';

/** One sidebar entry: a page (no children) or a sub-menu. `key` is the path. */
export interface MenuEntry {
  key: string;
  /** i18n key of the title. */
  title: string;
  icon?: string;
  children?: MenuEntry[];
}

const visibleChildren = (route: AppRoute) => (route.children ?? []).filter((c) => !c.hidden);

/**
 * The sidebar tree: hidden routes left out, and a parent with exactly one visible child (which has no visible
 * children of its own, and the parent not `alwaysShow`) shown as that child, with the parent's icon when the
 * child has none. A parent whose children are all hidden is shown as a page itself.
 */
export function buildMenu(routes: AppRoute[]): MenuEntry[] {
  return routes.flatMap((route) => {
    const entry = toEntry(route);
    return entry ? [entry] : [];
  });
}

function toEntry(route: AppRoute): MenuEntry | null {
  if (route.hidden) return null;
  const children = visibleChildren(route);
  if (children.length === 1 && !route.alwaysShow && visibleChildren(children[0]).length === 0) {
    const only = children[0];
    return leaf(only, only.meta?.icon ?? route.meta?.icon);
  }
  if (children.length === 0) return leaf(route, route.meta?.icon);
  if (!route.meta?.title) return null;
  return { key: route.path, title: route.meta.title, icon: route.meta.icon, children: buildMenu(children) };
}

function leaf(route: AppRoute, icon: string | undefined): MenuEntry | null {
  return route.meta?.title ? { key: route.path, title: route.meta.title, icon } : null;
}

/** Keys of the sub-menus that lead to `key`, outermost first (what must be open to show it). */
export function parentKeys(entries: MenuEntry[], key: string): string[] {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (entry.children.some((c) => c.key === key)) return [entry.key];
    const below = parentKeys(entry.children, key);
    if (below.length) return [entry.key, ...below];
  }
  return [];
}
