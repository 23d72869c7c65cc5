import { ACTION, type UserInfo } from '@gw/contracts';
import type { AppRoute } from './route-types';
import { asyncRoutes } from './routes';

/** Username (and role name) of the special super user; the server's default SUPER_USER. */
export const SUPER_USER = 'admin';

type SessionUser = Pick<UserInfo, 'username' | 'roles' | 'role_menu' | 'super_user'>;

/** The super user sees every dynamic route: the server says so, or it is named so, or holds that role. */
export function isSuperUser(info: SessionUser): boolean {
  return info.super_user || info.username === SUPER_USER || info.roles.some((role) => role.name === SUPER_USER);
}

/** A route without meta or without roles is open to everyone; otherwise one shared role is enough. */
export function hasRole(roles: readonly string[], route: AppRoute): boolean {
  const needed = route.meta?.roles;
  return !needed?.length || roles.some((role) => needed.includes(role));
}

/** Keeps the routes the roles may see; a parent stays while one of its children does. */
export function filterAsyncRoutes(routes: readonly AppRoute[], roles: readonly string[]): AppRoute[] {
  return keepTree(routes, (route) => hasRole(roles, route));
}

/**
 * Keeps the leaves whose menu (their path, unless they name one) is a role_menu entry with the query bit, each now
 * allowed for `roles` (so a route's own role list, like login_log's manager, gives way to the role menu).
 */
export function filterByRoleMenu(routes: readonly AppRoute[], roleMenu: UserInfo['role_menu'], roles: readonly string[]): AppRoute[] {
  const menus = new Set(roleMenu.filter((entry) => (entry.action & ACTION.query) === ACTION.query).map((entry) => entry.menu));
  const kept = keepTree(routes, (route) => !!route.children || menus.has(route.menu ?? route.path));
  return withRoles(kept, [...roles]);
}

/** The dynamic routes of this user: all for the super user, else by role_menu and then by roles. */
export function generateRoutes(info: SessionUser, routes: readonly AppRoute[] = asyncRoutes): AppRoute[] {
  if (isSuperUser(info)) return [...routes];
  const roles = info.roles.map((role) => role.name);
  return filterAsyncRoutes(filterByRoleMenu(routes, info.role_menu, roles), roles);
}

/**
 * Filters a route tree. A parent is kept only while a child survives, and its redirect then points to its first
 * surviving visible child (the first at all when every survivor is hidden).
 */
function keepTree(routes: readonly AppRoute[], keep: (route: AppRoute) => boolean): AppRoute[] {
  const result: AppRoute[] = [];
  for (const route of routes) {
    if (!keep(route)) continue;
    if (!route.children) {
      result.push(route);
      continue;
    }
    const children = keepTree(route.children, keep);
    if (!children.length) continue;
    const first = children.find((child) => !child.hidden) ?? children[0];
    result.push({ ...route, children, ...(route.redirect ? { redirect: first.path } : {}) });
  }
  return result;
}

function withRoles(routes: AppRoute[], roles: string[]): AppRoute[] {
  return routes.map((route) => ({
    ...route,
    ...(route.meta ? { meta: { ...route.meta, roles } } : {}),
    ...(route.children ? { children: withRoles(route.children, roles) } : {}),
  }));
}
