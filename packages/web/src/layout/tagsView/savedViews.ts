import { STORAGE } from '../../settings';
import type { TagView } from '../../stores/tagsView';
import { findRouteChain } from '../routes';
import type { AppRoute } from '../../app/route-types';

interface Saved {
  user: string;
  views: Pick<TagView, 'path' | 'fullPath'>[];
}

/**
 * Keeps the open tabs of `user` in the browser tab's sessionStorage, so that a reload brings them back (a new
 * browser tab starts with its own).
 */
export function saveViews(user: string, views: readonly TagView[]): void {
  const saved: Saved = { user, views: views.map(({ path, fullPath }) => ({ path, fullPath })) };
  try {
    sessionStorage.setItem(STORAGE.tagsView, JSON.stringify(saved));
  } catch {
    // storage full or refused: the tabs are simply not remembered
  }
}

/**
 * The tabs saved for `user` that `routes` (the pages this user may open now) still hold, with their titles and
 * settings taken from the routes again; others' tabs, pages no longer granted and anything unreadable are dropped.
 */
export function savedViews(user: string, routes: AppRoute[]): TagView[] {
  let saved: Partial<Saved> | null;
  try {
    saved = JSON.parse(sessionStorage.getItem(STORAGE.tagsView) ?? 'null') as Partial<Saved> | null;
  } catch {
    return [];
  }
  if (!saved || saved.user !== user || !Array.isArray(saved.views)) return [];
  return saved.views.flatMap((view) => {
    if (typeof view?.path !== 'string' || typeof view.fullPath !== 'string' || !view.fullPath.startsWith(view.path)) return [];
    const route = findRouteChain(routes, view.path).at(-1);
    if (!route?.meta?.title || route.redirect || route.layout) return [];
    const { title, affix, noCache } = route.meta;
    return [{ path: view.path, fullPath: view.fullPath, title, affix, noCache }];
  });
}
