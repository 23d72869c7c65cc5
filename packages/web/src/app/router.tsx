import { Suspense, useMemo } from 'react';
import { Navigate, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import { RouteGuard } from './guard';
import { useSessionExpiredRedirect } from './hooks';
import { NOT_FOUND_PATH, routerPath } from './paths';
import { ProgressFallback } from './progress';
import type { AppRoute } from './route-types';
import { constantRoutes } from './routes';
import { pageOf, warmStart } from './warm';
import { preloadable } from '../utils/preloadable';

type PageLoader = NonNullable<AppRoute['page']>;

const layout = preloadable<object>(() => import('./LayoutFrame').then((module) => ({ default: module.LayoutFrame })));

// opened with a session: the frame's and the page's code load beside the user info instead of after it
if (useUserStore.getState().token) warmStart(routerPath(window.location.pathname), layout.preload);

/** The frame of every layout route; one element type for all of them, so moving between menu groups keeps it. */
function LayoutRoute() {
  return (
    <Suspense fallback={<ProgressFallback />}>
      <layout.Component />
    </Suspense>
  );
}

/** A page in its own Suspense, keyed by path so that opening another page shows the progress bar while it loads. */
function pageElement(route: AppRoute, load: PageLoader) {
  const Page = pageOf(load).Component;
  return (
    <Suspense key={route.path} fallback={<ProgressFallback />}>
      <Page />
    </Suspense>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle = { title: route.meta?.title };
  if (route.layout || route.children) {
    const children = (route.children ?? []).map(toRouteObject);
    if (route.redirect) children.unshift({ index: true, element: <Navigate to={route.redirect} replace /> });
    else if (route.page) children.unshift({ index: true, element: pageElement(route, route.page), handle });
    return { path: route.path, element: route.layout ? <LayoutRoute /> : undefined, handle, children };
  }
  if (route.redirect) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  return { path: route.path, element: route.page ? pageElement(route, route.page) : null, handle };
}

/**
 * The route table for react-router: layout routes render the frame with their children in its outlet, redirects
 * redirect, pages load lazily. The catch-all sends to /404 only when asked (see AppRoutes).
 */
export function toRouteObjects(routes: readonly AppRoute[], withCatchAll: boolean): RouteObject[] {
  const objects = routes.map(toRouteObject);
  // until then it matches without sending anywhere (the guard is loading the session meanwhile)
  objects.push({ path: '*', element: withCatchAll ? <Navigate to={NOT_FOUND_PATH} replace /> : null });
  return objects;
}

/** The i18n key of the deepest matched route that has a title. */
export function matchTitle(routes: RouteObject[], pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const titled = matches.filter((match) => (match.route.handle as { title?: string } | undefined)?.title);
  return (titled.at(-1)?.route.handle as { title?: string } | undefined)?.title;
}

/**
 * Fixed routes + this user's dynamic ones behind the guard. The catch-all waits until the dynamic routes exist
 * (or there is no token), so a deep link is not sent to 404 before they are generated.
 */
export function AppRoutes() {
  const addRoutes = usePermissionStore((s) => s.addRoutes);
  const generated = usePermissionStore((s) => s.generated);
  const hasToken = useUserStore((s) => !!s.token);
  const withCatchAll = generated || !hasToken;
  const routes = useMemo(() => toRouteObjects([...constantRoutes, ...addRoutes], withCatchAll), [addRoutes, withCatchAll]);
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  useSessionExpiredRedirect();
  return <RouteGuard titleKey={matchTitle(routes, pathname)}>{element}</RouteGuard>;
}
