import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTagsViewStore } from '../../stores/tagsView';
import { useUserStore } from '../../stores/user';
import { findRouteChain, flattenRoutes, useLayoutRoutes } from '../routes';
import { savedViews, saveViews } from './savedViews';

/**
 * Keeps the tabs in step with navigation: after a reload the tabs this user had open come back first (those whose
 * pages they may still open), the affix routes (Dashboard) are always there, and every page opened gets a tab.
 * Routes that only redirect get none (they are left at once). Every change of the tabs is saved for the next reload.
 */
export function useVisitedViews(): void {
  const routes = useLayoutRoutes();
  const { pathname, search } = useLocation();
  const user = useUserStore((s) => s.info?.username ?? '');

  useEffect(() => {
    const store = useTagsViewStore.getState();
    if (!store.visitedViews.length) for (const view of savedViews(user, routes)) store.addView(view);
    for (const route of flattenRoutes(routes)) {
      if (route.meta?.affix) store.addView({ path: route.path, fullPath: route.path, title: route.meta.title, affix: true, noCache: route.meta.noCache });
    }
  }, [routes, user]);

  useEffect(() => {
    const route = findRouteChain(routes, pathname).at(-1);
    if (!route?.meta?.title || route.redirect) return;
    const { affix, noCache, title } = route.meta;
    useTagsViewStore.getState().addView({ path: pathname, fullPath: pathname + search, title, affix, noCache });
  }, [routes, pathname, search]);

  useEffect(() => {
    if (!user) return;
    saveViews(user, useTagsViewStore.getState().visitedViews);
    return useTagsViewStore.subscribe((state, before) => {
      if (state.visitedViews !== before.visitedViews) saveViews(user, state.visitedViews);
    });
  }, [user]);
}
