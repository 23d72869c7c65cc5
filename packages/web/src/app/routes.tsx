import type { AppRoute } from './route-types';

const underConstruction = () => import('../features/placeholder/UnderConstructionPage');

/** Always there: login, auth redirect, 404, 401 and the dashboard home (spec §2). */
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

/**
 * The whole menu, added after login by role_menu (super user: all). A page another issue builds shows 建设中
 * until then. Paths are also the API paths and the menu keys of role permissions.
 */
export const asyncRoutes: AppRoute[] = [
  {
    path: '/device',
    layout: true,
    redirect: '/device/device',
    meta: { title: 'deviceGroup', icon: 'ClusterOutlined' },
    children: [
      { path: '/device/device', page: underConstruction, meta: { title: 'device', icon: 'HddOutlined' } },
      { path: '/device/machinetool', hidden: true, page: underConstruction, meta: { title: 'machineTool', activeMenu: '/device/device' } },
      { path: '/device/traffic', page: underConstruction, meta: { title: 'traffic', icon: 'LineChartOutlined' } },
      { path: '/device/gis', page: underConstruction, meta: { title: 'gis', icon: 'EnvironmentOutlined' } },
    ],
  },
  {
    path: '/manager',
    layout: true,
    alwaysShow: true,
    redirect: '/manager/custom',
    meta: { title: 'manager', icon: 'ShopOutlined' },
    children: [
      { path: '/manager/custom', page: underConstruction, meta: { title: 'custom', icon: 'TeamOutlined' } },
      { path: '/manager/organization', page: underConstruction, meta: { title: 'organization', icon: 'ApartmentOutlined' } },
      { path: '/manager/tag', page: underConstruction, meta: { title: 'tag', icon: 'TagsOutlined' } },
      { path: '/manager/device_flow', page: underConstruction, meta: { title: 'deviceFlow', icon: 'SwapOutlined' } },
      { path: '/manager/goods', page: underConstruction, meta: { title: 'goods', icon: 'AppstoreOutlined' } },
      { path: '/manager/buy_order', page: underConstruction, meta: { title: 'buyOrder', icon: 'ImportOutlined' } },
      { path: '/manager/sell_order', page: underConstruction, meta: { title: 'sellOrder', icon: 'ExportOutlined' } },
      { path: '/manager/export', page: () => import('../features/export/Page'), meta: { title: 'export', icon: 'DownloadOutlined' } },
    ],
  },
  {
    path: '/system',
    layout: true,
    redirect: '/system/admin_user',
    meta: { title: 'system', icon: 'SettingOutlined' },
    children: [
      { path: '/system/admin_user', page: () => import('../features/system/admin-user/Page'), meta: { title: 'adminUser', icon: 'UserOutlined' } },
      { path: '/system/role', page: () => import('../features/system/role/Page'), meta: { title: 'role', icon: 'SafetyCertificateOutlined' } },
      { path: '/system/config', page: () => import('../features/system/config/Page'), meta: { title: 'config', icon: 'ControlOutlined' } },
      { path: '/system/mp_reply', page: underConstruction, meta: { title: 'mpReply', icon: 'MessageOutlined' } },
      { path: '/system/qrcode_url', page: underConstruction, meta: { title: 'qrcodeUrl', icon: 'QrcodeOutlined' } },
      { path: '/system/version', page: underConstruction, meta: { title: 'version', icon: 'CloudUploadOutlined' } },
      { path: '/system/gen_license', page: underConstruction, meta: { title: 'genLicense', icon: 'KeyOutlined' } },
      { path: '/system/debug_client', page: underConstruction, meta: { title: 'debugClient', icon: 'BugOutlined' } },
      { path: '/system/box_flasher', page: underConstruction, meta: { title: 'boxFlasher', icon: 'ThunderboltOutlined' } },
      { path: '/system/log', page: () => import('../features/system/log/Page'), meta: { title: 'log', icon: 'FileTextOutlined' } },
      { path: '/system/login_log', page: () => import('../features/system/login-log/Page'), meta: { title: 'loginLog', icon: 'LoginOutlined', roles: ['manager'] } },
    ],
  },
];
