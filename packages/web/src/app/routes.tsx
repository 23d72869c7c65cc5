import { GIS_PATH, MENUS, type MenuDef } from '@gw/contracts';
import type { ComponentType } from 'react';
import { warmGis } from '../features/gis/early';
import type { AppRoute } from './route-types';

type PageLoader = NonNullable<AppRoute['page']>;

/** Always there: login, auth redirect, 404, 401 and the dashboard home. */
export const constantRoutes: AppRoute[] = [
  { path: '/login', hidden: true, page: () => import('../features/login/LoginPage'), meta: { title: 'login' } },
  { path: '/auth-redirect', hidden: true, page: () => import('../features/login/AuthRedirectPage'), meta: { title: 'login' } },
  { path: '/404', hidden: true, page: () => import('../features/errors/NotFoundPage'), meta: { title: 'page404' } },
  { path: '/401', hidden: true, page: () => import('../features/errors/NoPermissionPage'), meta: { title: 'page401' } },
  {
    path: '/',
    layout: true,
    redirect: '/dashboard',
    children: [
      {
        path: '/dashboard',
        page: () => import('../features/dashboard/DashboardPage'),
        meta: { title: 'dashboard', icon: 'DashboardOutlined', affix: true },
      },
    ],
  },
];

/** Page modules by file, relative to this one: '../features/<slug>/<Name>Page.tsx'. */
type PageFiles = Readonly<Record<string, PageLoader>>;

/** The pages of the features, each loaded on its own (a chunk of its own) when first opened. */
const PAGE_FILES: PageFiles = import.meta.glob<{ default: ComponentType }>('../features/*/*Page.tsx');

/**
 * Pages that ask for their first data and code ahead when the console opens on them (AppRoute.warm): small modules
 * of the first load, since a chunk of their own would queue behind the frame's and the page's code.
 */
const WARM: Readonly<Record<string, () => void>> = {
  [GIS_PATH]: warmGis,
};

/** A slug's name in a file's: 'machine-tool' → 'MachineTool'. */
const pascal = (slug: string) => slug.replace(/(?:^|-)([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The page that opens `path`: `features/<slug>/<page>.tsx`, by default `<Slug>Page` ('machine-tool':
 * MachineToolPage). A menu without one stops the console at load, so the contracts' menu table and the features'
 * pages cannot drift apart.
 */
function pageOf(path: string, slug: string | undefined, page: string | undefined, files: PageFiles): PageLoader {
  const load = slug && files[`../features/${slug}/${page ?? `${pascal(slug)}Page`}.tsx`];
  if (!load) throw new Error(`菜单 ${path} 没有页面`);
  return load;
}

/** The pages of their own path a menu's grants open (固件推送 under 版本管理), in its feature's folder. */
const besideRoutes = (menu: MenuDef, files: PageFiles): AppRoute[] =>
  (menu.beside ?? []).map(({ path, title, page, activeMenu }) => ({
    path,
    menu: menu.path,
    hidden: true,
    page: pageOf(path, menu.slug, page, files),
    meta: { title, activeMenu },
  }));

/**
 * A menu of the contracts' table as a route: a top-level group renders the layout frame; a leaf loads its feature's
 * page lazily under its path and parameters (机床 of one box: /device/machinetool/:id, whose grants stay the menu
 * path's), with the pages beside it after it.
 */
function toRoute(menu: MenuDef, top: boolean, files: PageFiles): AppRoute {
  const { path, slug, page, params, title, icon, hidden, alwaysShow, redirect, activeMenu, roles, children } = menu;
  return {
    ...(params ? { path: `${path}/${params}`, menu: path } : { path }),
    ...(top ? { layout: true } : {}),
    ...(redirect ? { redirect } : {}),
    ...(hidden ? { hidden } : {}),
    ...(alwaysShow ? { alwaysShow } : {}),
    ...(children ? {} : { page: pageOf(path, slug, page, files) }),
    ...(WARM[path] ? { warm: WARM[path] } : {}),
    meta: { title, ...(icon ? { icon } : {}), ...(activeMenu ? { activeMenu } : {}), ...(roles ? { roles: [...roles] } : {}) },
    ...(children ? { children: children.flatMap((child) => [toRoute(child, false, files), ...besideRoutes(child, files)]) } : {}),
  };
}

/** The routes of a menu table, each leaf with its feature's page among `files`. */
export const menuRoutes = (menus: readonly MenuDef[], files: PageFiles = PAGE_FILES): AppRoute[] => menus.map((menu) => toRoute(menu, true, files));

/**
 * The whole menu, added after login by role_menu (super user: all): the contracts' menu table with a page per
 * path. Paths are also the API paths and the menu keys of role permissions.
 */
export const asyncRoutes: AppRoute[] = menuRoutes(MENUS);
