import Fuse from 'fuse.js';
import type { AppRoute } from '../../app/route-types';
import { SEARCH } from '../../settings';

/** A searchable page: its path and its title with the parents' titles, e.g. ['系统管理', '角色管理']. */
export interface SearchEntry {
  path: string;
  title: string[];
}

/** Every non-hidden titled route, titles translated by `translate` (the current language). */
export function searchEntries(routes: AppRoute[], translate: (key: string) => string, parents: string[] = []): SearchEntry[] {
  return routes.flatMap((route) => {
    if (route.hidden) return [];
    const title = route.meta?.title ? [...parents, translate(route.meta.title)] : parents;
    const self = route.meta?.title ? [{ path: route.path, title }] : [];
    return [...self, ...searchEntries(route.children ?? [], translate, title)];
  });
}

/** Fuzzy search over titles and paths with threshold 0.4, titles weighing 0.7 and paths 0.3. */
export function createRouteSearch(entries: SearchEntry[]): Fuse<SearchEntry> {
  return new Fuse(entries, {
    shouldSort: true,
    threshold: SEARCH.threshold,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: SEARCH.titleWeight },
      { name: 'path', weight: SEARCH.pathWeight },
    ],
  });
}
