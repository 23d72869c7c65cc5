import { matchPath } from 'react-router';
import { type Preloadable, preloadable } from '../utils/preloadable';
import type { AppRoute } from './route-types';
import { asyncRoutes, constantRoutes } from './routes';

type PageLoader = NonNullable<AppRoute['page']>;

const pages = new WeakMap<PageLoader, Preloadable<object>>();

/** The page of a loader, one per loader, so rebuilding the route table (after login, a role switch) keeps mounted pages. */
export function pageOf(load: PageLoader): Preloadable<object> {
  let page = pages.get(load);
  if (!page) pages.set(load, (page = preloadable(load)));
  return page;
}

/** The page route `pathname` opens, among these routes and their children; undefined for none. */
export function pageRouteFor(pathname: string, routes: readonly AppRoute[] = [...constantRoutes, ...asyncRoutes]): AppRoute | undefined {
  for (const route of routes) {
    if (route.page && !route.children && matchPath({ path: route.path, end: true }, pathname)) return route;
    const child = route.children && pageRouteFor(pathname, route.children);
    if (child) return child;
  }
  return undefined;
}

/** The page loader of the route `pathname` opens; undefined for none. */
export const pageLoaderFor = (pathname: string): AppRoute['page'] => pageRouteFor(pathname)?.page;

/**
 * Starts fetching the code the console will need for `pathname` while the session is still loading: the frame
 * (`layout`), the page's chunk and what the page asks for first (its route's `warm`: quiet asks its first query
 * takes). The code is the same module React.lazy loads later, so nothing runs twice; whether the user may open the
 * page is still decided by the routes the session generates, and the server answers the asks by the same rules.
 */
export function warmStart(pathname: string, layout: () => Promise<unknown>): void {
  layout().catch(() => undefined);
  const route = pageRouteFor(pathname);
  if (route?.page) pageOf(route.page).preload().catch(() => undefined);
  route?.warm?.();
}
