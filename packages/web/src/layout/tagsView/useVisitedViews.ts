import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTagsViewStore } from '../../stores/tagsView';
import { findRouteChain, flattenRoutes, useLayoutRoutes } from '../routes';

/**
 * Keeps the tabs in step with navigation: the affix routes (Dashboard) are always there, and every page
 * opened gets a tab. Routes that only redirect get none (they are left at once).
 */
export function useVisitedViews(): void {
  const routes = useLayoutRoutes();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const store = useTagsViewStore.getState();
    for (const route of flattenRoutes(routes)) {
      if (route.meta?.affix) store.addView({ path: route.path, fullPath: route.path, title: route.meta.title, affix: true, noCache: route.meta.noCache });
    }
  }, [routes]);

  useEffect(() => {
    const route = findRouteChain(routes, pathname).at(-1);
    if (!route?.meta?.title || route.redirect) return;
    const { affix, noCache, title } = route.meta;
    useTagsViewStore.getState().addView({ path: pathname, fullPath: pathname + search, title, affix, noCache });
  }, [routes, pathname, search]);
}
