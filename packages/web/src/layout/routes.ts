import { matchPath } from 'react-router';
import { useTranslation } from '../i18n';
import { useCallback, useMemo } from 'react';
import { constantRoutes } from '../app/routes';
import type { AppRoute } from '../app/route-types';
import { usePermissionStore } from '../stores/permission';

/** Fixed routes plus the dynamic ones this user was granted: what the menu, breadcrumb and search work on. */
export function useLayoutRoutes(): AppRoute[] {
  const addRoutes = usePermissionStore((s) => s.addRoutes);
  return useMemo(() => [...constantRoutes, ...addRoutes], [addRoutes]);
}

/**
 * The chain of routes from the top to the one matching `pathname` ([] when none does), e.g.
 * `/system/role` → [/system, /system/role].
 */
export function findRouteChain(routes: AppRoute[], pathname: string): AppRoute[] {
  for (const route of routes) {
    const below = route.children ? findRouteChain(route.children, pathname) : [];
    if (below.length) return [route, ...below];
    if (matchPath({ path: route.path, end: true }, pathname)) return [route];
  }
  return [];
}

/** Every route of the tree, parents before children. */
export function flattenRoutes(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}

/** Translates a route title key (`meta.title`) in the current language; re-renders on a language switch. */
export function useRouteTitle(): (key: string | undefined) => string {
  const { t } = useTranslation();
  return useCallback((key) => (key ? t(`route.${key}`, { defaultValue: key }) : ''), [t]);
}
