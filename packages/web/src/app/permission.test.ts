import { describe, expect, it } from 'vitest';
import { userInfo } from '../test/mockApi';
import { filterAsyncRoutes, generateRoutes, hasRole, isSuperUser } from './permission';
import type { AppRoute } from './route-types';
import { asyncRoutes } from './routes';

const QUERY = 1;
const ADD = 2;

/** Every path of a route tree, parents first. */
const paths = (routes: AppRoute[]): string[] => routes.flatMap((r) => [r.path, ...paths(r.children ?? [])]);
const find = (routes: AppRoute[], path: string): AppRoute | undefined =>
  routes.flatMap((r) => [r, ...(r.children ?? [])]).find((r) => r.path === path);

describe('generateRoutes', () => {
  it('gives the super user every dynamic route, login_log included', () => {
    const byFlag = generateRoutes(userInfo({ super_user: true }));
    expect(paths(byFlag)).toEqual(paths(asyncRoutes));
    expect(paths(generateRoutes(userInfo({ username: 'admin' })))).toEqual(paths(asyncRoutes));
    expect(paths(generateRoutes(userInfo({ roles: [{ id: 1, name: 'admin' }] })))).toContain('/system/login_log');
  });

  it('keeps only the pages of role_menu entries with the query bit, under their parents', () => {
    const routes = generateRoutes(
      userInfo({
        role_menu: [
          { menu: '/system/role', action: QUERY | ADD },
          { menu: '/system/log', action: ADD },
          { menu: '/device/device', action: QUERY },
        ],
      }),
    );
    expect(paths(routes)).toEqual(['/device', '/device/device', '/system', '/system/role']);
  });

  it('opens pages addressed with parameters by their menu’s grant: 机床 at /device/machinetool/:id, 机床详情 at /device/machine/:id', () => {
    const routes = generateRoutes(userInfo({ role_menu: [{ menu: '/device/device', action: QUERY }, { menu: '/device/machinetool', action: QUERY }] }));
    expect(paths(routes)).toEqual(['/device', '/device/device', '/device/machinetool/:id', '/device/machine/:id']);
    expect(find(routes, '/device/machinetool/:id')?.meta?.activeMenu).toBe('/device/device');
    expect(find(routes, '/device/machine/:id')?.meta?.activeMenu).toBe('/device/device');
    const without = paths(generateRoutes(userInfo({ role_menu: [{ menu: '/device/device', action: QUERY }] })));
    expect(without).not.toContain('/device/machinetool/:id');
    expect(without).not.toContain('/device/machine/:id');
  });

  it('drops a parent none of whose pages survive', () => {
    const routes = generateRoutes(userInfo({ role_menu: [{ menu: '/manager/goods', action: QUERY }] }));
    expect(routes.map((r) => r.path)).toEqual(['/manager']);
  });

  it('points a parent at its first surviving page', () => {
    const routes = generateRoutes(
      userInfo({ role_menu: [{ menu: '/system/log', action: QUERY }, { menu: '/system/version', action: QUERY }] }),
    );
    expect(find(routes, '/system')?.redirect).toBe('/system/version');
  });

  it('does not point a parent at a hidden page when a visible one survives', () => {
    const routes = generateRoutes(
      userInfo({ role_menu: [{ menu: '/device/machinetool', action: QUERY }, { menu: '/device/traffic', action: QUERY }] }),
    );
    expect(find(routes, '/device')?.redirect).toBe('/device/traffic');
  });

  it("replaces login_log's manager role by the user's roles, so the role menu decides", () => {
    const routes = generateRoutes(userInfo({ roles: [{ id: 3, name: 'operator' }], role_menu: [{ menu: '/system/login_log', action: QUERY }] }));
    expect(find(routes, '/system/login_log')?.meta?.roles).toEqual(['operator']);
    expect(asyncRoutes.find((r) => r.path === '/system')?.children?.find((c) => c.path === '/system/login_log')?.meta?.roles).toEqual([
      'manager',
    ]);
  });

  it('gives a user without role_menu no dynamic routes', () => {
    expect(generateRoutes(userInfo())).toEqual([]);
  });
});

describe('role checks', () => {
  const open: AppRoute = { path: '/a' };
  const managers: AppRoute = { path: '/b', meta: { title: 'b', roles: ['manager'] } };

  it('opens a route without meta or roles to everyone', () => {
    expect(hasRole([], open)).toBe(true);
    expect(hasRole(['x'], { path: '/c', meta: { title: 'c', roles: [] } })).toBe(true);
  });

  it('needs one of the listed roles otherwise', () => {
    expect(hasRole(['operator'], managers)).toBe(false);
    expect(hasRole(['operator', 'manager'], managers)).toBe(true);
  });

  it('filters a tree by roles, dropping parents left empty', () => {
    const tree: AppRoute[] = [{ path: '/p', redirect: '/p/b', children: [managers] }, open];
    expect(paths(filterAsyncRoutes(tree, ['operator']))).toEqual(['/a']);
    expect(paths(filterAsyncRoutes(tree, ['manager']))).toEqual(['/p', '/b', '/a']);
  });

  it('tells the super user by flag, username or role name', () => {
    expect(isSuperUser(userInfo())).toBe(false);
    expect(isSuperUser(userInfo({ super_user: true }))).toBe(true);
    expect(isSuperUser(userInfo({ username: 'admin' }))).toBe(true);
    expect(isSuperUser(userInfo({ roles: [{ id: 1, name: 'admin' }] }))).toBe(true);
  });
});
