import { MENUS, type MenuDef } from '@gw/contracts';
import { warmGis } from '../features/device/gis/early';
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

/** The page of every menu that is not a group: a menu without one stops the console at load (see pageOf). */
const PAGES: Readonly<Record<string, PageLoader>> = {
  '/device/device': () => import('../features/device/DeviceListPage'),
  '/device/machinetool': () => import('../features/machine-tool/MachineToolPage'),
  '/device/gis': () => import('../features/device/gis/GisPage'),
  '/device/traffic': () => import('../features/traffic/TrafficPage'),
  '/manager/custom': () => import('../features/customer/CustomerListPage'),
  '/manager/organization': () => import('../features/organization/OrganizationPage'),
  '/manager/tag': () => import('../features/tag/TagListPage'),
  '/manager/device_flow': () => import('../features/device-flow/DeviceFlowListPage'),
  '/manager/goods': () => import('../features/goods/GoodsListPage'),
  '/manager/buy_order': () => import('../features/order/BuyOrderListPage'),
  '/manager/sell_order': () => import('../features/order/SellOrderListPage'),
  '/manager/export': () => import('../features/export/Page'),
  '/system/admin_user': () => import('../features/system/admin-user/Page'),
  '/system/role': () => import('../features/system/role/Page'),
  '/system/config': () => import('../features/system/config/Page'),
  '/system/gen_license': () => import('../features/license/LicenseListPage'),
  '/system/log': () => import('../features/system/log/Page'),
  '/system/login_log': () => import('../features/system/login-log/Page'),
  '/system/debug_client': () => import('../features/debug/DebugClientPage'),
  '/system/version': () => import('../features/firmware/VersionListPage'),
  '/system/box_flasher': () => import('../features/flasher/FlasherListPage'),
  '/system/mp_reply': () => import('../features/wechat/MpReplyPage'),
  '/system/qrcode_url': () => import('../features/short-url/ShortUrlListPage'),
};

/**
 * Pages that ask for their first data and code ahead when the console opens on them (AppRoute.warm): small modules
 * of the first load, since a chunk of their own would queue behind the frame's and the page's code.
 */
const WARM: Readonly<Record<string, () => void>> = {
  '/device/gis': warmGis,
};

/**
 * Pages addressed with parameters below their menu's path (机床 of one box: /device/machinetool/:id); the menu's
 * path stays the key of their role grants.
 */
const PARAMS: Readonly<Record<string, string>> = {
  '/device/machinetool': ':id',
};

/**
 * Pages of their own path that a menu's grants open, shown beside that menu's page (机床详情 of one machine tool,
 * opened from the box drawer and the machine tool list, is part of 机床).
 */
const BESIDE: Readonly<Record<string, AppRoute[]>> = {
  '/device/machinetool': [
    {
      path: '/device/machine/:id',
      menu: '/device/machinetool',
      hidden: true,
      page: () => import('../features/device/machine/MachinePage'),
      meta: { title: 'machineDetail', activeMenu: '/device/device' },
    },
  ],
  // 固件推送: the rollouts of 版本管理's releases, under its permissions
  '/system/version': [
    {
      path: '/system/rollout',
      menu: '/system/version',
      hidden: true,
      page: () => import('../features/firmware/RolloutListPage'),
      meta: { title: 'rollout', activeMenu: '/system/version' },
    },
    {
      path: '/system/rollout/:id',
      menu: '/system/version',
      hidden: true,
      page: () => import('../features/firmware/RolloutPage'),
      meta: { title: 'rolloutDetail', activeMenu: '/system/version' },
    },
  ],
};

/** A leaf menu's page; the contracts' menu table and this route table must not drift apart. */
function pageOf(path: string): PageLoader {
  const page = PAGES[path];
  if (!page) throw new Error(`菜单 ${path} 没有页面`);
  return page;
}

/** A menu of the contracts' table as a route: a top-level group renders the layout frame, a page loads lazily. */
function toRoute(menu: MenuDef, top: boolean): AppRoute {
  const { path, title, icon, hidden, alwaysShow, redirect, activeMenu, roles, children } = menu;
  return {
    ...(PARAMS[path] ? { path: `${path}/${PARAMS[path]}`, menu: path } : { path }),
    ...(top ? { layout: true } : {}),
    ...(redirect ? { redirect } : {}),
    ...(hidden ? { hidden } : {}),
    ...(alwaysShow ? { alwaysShow } : {}),
    ...(children ? {} : { page: pageOf(path) }),
    ...(WARM[path] ? { warm: WARM[path] } : {}),
    meta: { title, ...(icon ? { icon } : {}), ...(activeMenu ? { activeMenu } : {}), ...(roles ? { roles: [...roles] } : {}) },
    ...(children ? { children: children.flatMap((child) => [toRoute(child, false), ...(BESIDE[child.path] ?? [])]) } : {}),
  };
}

/**
 * The whole menu, added after login by role_menu (super user: all): the contracts' menu table with a page per
 * path. Paths are also the API paths and the menu keys of role permissions.
 */
export const asyncRoutes: AppRoute[] = MENUS.map((menu) => toRoute(menu, true));
