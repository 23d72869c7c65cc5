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

/** The page loader of the route `pathname` opens, among these routes and their children; undefined for none. */
export function pageLoaderFor(pathname: string, routes: readonly AppRoute[] = [...constantRoutes, ...asyncRoutes]): AppRoute['page'] {
  for (const route of routes) {
    if (route.page && !route.children && matchPath({ path: route.path, end: true }, pathname)) return route.page;
    const child = route.children && pageLoaderFor(pathname, route.children);
    if (child) return child;
  }
  return undefined;
}

/**
 * Starts fetching the code the console will need for `pathname` while the session is still loading: the frame
 * (`layout`) and the page's chunk (whose module may start its own data and chart code). Only code is fetched, and
 * it is the same module React.lazy loads later, so nothing runs twice; whether the user may open the page is still
 * decided by the routes the session generates.
 */
export function warmStart(pathname: string, layout: () => Promise<unknown>): void {
  layout().catch(() => undefined);
  const load = pageLoaderFor(pathname);
  if (load) pageOf(load).preload().catch(() => undefined);
}
