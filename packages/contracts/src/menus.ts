// No zod here: the console's entry builds its route table from this file.
import { ACTION, type Action, type RoleMenu } from './permissions.js';
import type { MenuNode } from './role-menu.js';

/** A page of its own path that a menu's grants open (机床详情 under 机床), shown beside that menu's page. */
export interface BesideDef {
  /** The route, parameters included, e.g. '/device/machine/:id'. */
  path: string;
  title: string;
  zh: string;
  en: string;
  /** The page's file in the menu's feature folder, without extension. */
  page: string;
  activeMenu: string;
}

/**
 * One menu of the console, and for a leaf the resource behind it: the one list from which the console's routes
 * and titles, the permission dialog's menus and actions and the server's route modules are derived. Its path is
 * at once the route, the API path and the key of role grants (paths the console's users already hold in their
 * roles and bookmarks, so kept as they are, whatever the slug).
 */
export interface MenuDef {
  path: string;
  /**
   * A leaf's one name: its folder in the console's features and the server's modules, and the stem of its files'
   * names (`tag/TagPage.tsx`, `modules/tag/routes.ts`). Two menus may share a slug (进货 and 出货: `order`).
   */
  slug?: string;
  /** The console page in the slug's folder when it is not `<Slug>Page` (two menus of one feature). */
  page?: string;
  /** The route's parameters below the menu's path (机床 of one box: ':id'); the path stays the grants' key. */
  params?: string;
  /** Pages of their own path that this menu's grants open. */
  beside?: readonly BesideDef[];
  /** The page reads another resource's API (组织架构 draws 客户管理's tree): the server has no module of its slug. */
  api?: false;
  /** The i18n key of the title (`route.<title>`), e.g. 'adminUser'. */
  title: string;
  /** The Chinese title: the console's zh text and the permission dialog's. */
  zh: string;
  /** The English title (the console's en language). */
  en: string;
  /** The name of an @ant-design/icons icon, e.g. 'UserOutlined'. */
  icon?: string;
  /** Left out of the sidebar (a page reached from another one). */
  hidden?: boolean;
  /** Shows the group even with a single visible child. */
  alwaysShow?: boolean;
  /** Where the group's own path leads. */
  redirect?: string;
  /** The sidebar entry to highlight while a hidden page is open. */
  activeMenu?: string;
  /**
   * The vendor's own tool (its stock, licences, firmware, platform settings): never granted to a role used by
   * customers' users — the permission dialog does not offer it there and the server refuses it.
   */
  vendorOnly?: true;
  /** Role names the route is limited to until a role menu decides (none: open to every role). */
  roles?: readonly string[];
  /** The action bits the permission dialog offers on this menu; a group has none of its own and offers its children's. */
  actions: readonly Action[];
  children?: readonly MenuDef[];
}

/**
 * What a list answers: writes, and an export where it has a sheet. A menu with resource descriptors offers exactly
 * what they declare together (menus.test checks it).
 */
const WRITE: readonly Action[] = ['query', 'add', 'edit', 'delete'];
const CRUD: readonly Action[] = [...WRITE, 'export'];
const READ_EXPORT: readonly Action[] = ['query', 'export'];

/** The whole dynamic menu of the console, in sidebar order (the dashboard and the login pages are always there). */
export const MENUS: readonly MenuDef[] = [
  {
    path: '/device',
    title: 'deviceGroup',
    zh: '设备管理',
    en: 'Device Management',
    icon: 'ClusterOutlined',
    redirect: '/device/device',
    actions: [],
    children: [
      { path: '/device/device', slug: 'device', title: 'device', zh: '网关设备', en: 'Devices', icon: 'HddOutlined', actions: [...CRUD, 'assign', 'tag', 'secret', 'debug'] },
      // the list has no sheet; 导出 is a machine tool's alarm history (机床详情)
      {
        path: '/device/machinetool',
        slug: 'machine-tool',
        params: ':id',
        title: 'machineTool',
        zh: '机床',
        en: 'Machine Tools',
        hidden: true,
        activeMenu: '/device/device',
        actions: CRUD,
        // 机床详情 of one machine tool, opened from the box drawer and the machine tool list
        beside: [{ path: '/device/machine/:id', title: 'machineDetail', zh: '机床详情', en: 'Machine Tool', page: 'MachinePage', activeMenu: '/device/device' }],
      },
      { path: '/device/traffic', slug: 'traffic', title: 'traffic', zh: '设备流量', en: 'Device Traffic', icon: 'LineChartOutlined', actions: CRUD },
      { path: '/device/gis', slug: 'gis', title: 'gis', zh: 'GIS 地图', en: 'GIS Map', icon: 'EnvironmentOutlined', actions: ['query'] },
    ],
  },
  {
    path: '/manager',
    title: 'manager',
    zh: '运营管理',
    en: 'Management',
    icon: 'ShopOutlined',
    alwaysShow: true,
    redirect: '/manager/custom',
    actions: [],
    children: [
      { path: '/manager/custom', slug: 'customer', title: 'custom', zh: '客户管理', en: 'Customers', icon: 'TeamOutlined', actions: CRUD },
      // the company tree drawn to be dragged: it reads the tree and moves companies, nothing more
      { path: '/manager/organization', slug: 'organization', api: false, title: 'organization', zh: '组织架构', en: 'Organisations', icon: 'ApartmentOutlined', actions: ['query', 'edit'] },
      { path: '/manager/tag', slug: 'tag', title: 'tag', zh: '设备标签', en: 'Device Tags', icon: 'TagsOutlined', actions: WRITE },
      // a ledger the server writes: read and exported, never written from here
      { path: '/manager/device_flow', slug: 'device-flow', title: 'deviceFlow', zh: '设备流转', en: 'Device Flows', icon: 'SwapOutlined', actions: READ_EXPORT },
      { path: '/manager/goods', slug: 'goods', vendorOnly: true, title: 'goods', zh: '设备类型', en: 'Device Types', icon: 'AppstoreOutlined', actions: CRUD },
      { path: '/manager/buy_order', slug: 'order', vendorOnly: true, page: 'BuyOrderPage', title: 'buyOrder', zh: '进货管理', en: 'Purchase Orders', icon: 'ImportOutlined', actions: CRUD },
      { path: '/manager/sell_order', slug: 'order', vendorOnly: true, page: 'SellOrderPage', title: 'sellOrder', zh: '出货管理', en: 'Sales Orders', icon: 'ExportOutlined', actions: CRUD },
      // the jobs are created by the lists' 导出 and only looked at or removed here
      { path: '/manager/export', slug: 'export', title: 'export', zh: '导出管理', en: 'Exports', icon: 'DownloadOutlined', actions: ['query', 'delete'] },
    ],
  },
  {
    path: '/system',
    title: 'system',
    zh: '系统管理',
    en: 'System',
    icon: 'SettingOutlined',
    redirect: '/system/admin_user',
    actions: [],
    children: [
      { path: '/system/admin_user', slug: 'admin-user', title: 'adminUser', zh: '管理员', en: 'Administrators', icon: 'UserOutlined', actions: CRUD },
      // roles have no sheet: nothing to export (nor have firmware releases and flash batches, below)
      { path: '/system/role', slug: 'role', vendorOnly: true, title: 'role', zh: '角色管理', en: 'Roles', icon: 'SafetyCertificateOutlined', actions: WRITE },
      { path: '/system/config', slug: 'config', vendorOnly: true, title: 'config', zh: '通用配置', en: 'Configuration', icon: 'ControlOutlined', actions: CRUD },
      { path: '/system/mp_reply', slug: 'mp-reply', vendorOnly: true, title: 'mpReply', zh: '自动回复', en: 'Auto Reply', icon: 'MessageOutlined', actions: WRITE },
      { path: '/system/qrcode_url', slug: 'short-url', vendorOnly: true, title: 'qrcodeUrl', zh: '短链接', en: 'Short Links', icon: 'QrcodeOutlined', actions: CRUD },
      {
        path: '/system/version',
        slug: 'firmware',
        vendorOnly: true,
        page: 'VersionPage',
        title: 'version',
        zh: '版本管理',
        en: 'Versions',
        icon: 'CloudUploadOutlined',
        actions: WRITE,
        // 固件推送: the rollouts of the releases, under the releases' permissions
        beside: [
          { path: '/system/rollout', title: 'rollout', zh: '固件推送', en: 'Firmware Rollouts', page: 'RolloutListPage', activeMenu: '/system/version' },
          { path: '/system/rollout/:id', title: 'rolloutDetail', zh: '推送详情', en: 'Rollout', page: 'RolloutPage', activeMenu: '/system/version' },
        ],
      },
      // a licence is revoked (修改), never deleted, and has no sheet
      { path: '/system/gen_license', slug: 'license', vendorOnly: true, title: 'genLicense', zh: '授权生成', en: 'Licences', icon: 'KeyOutlined', actions: ['query', 'add', 'edit'] },
      // engineers' WireGuard clients (a PC or phone of one user) and the sessions that let one reach a box's machine tools
      { path: '/system/debug_client', slug: 'debug-client', title: 'debugClient', zh: '调试代理', en: 'Debug Agent', icon: 'BugOutlined', actions: CRUD },
      // 修改 ends a session (结束), 审批 approves or refuses one; a session is never edited nor deleted (its audit stays)
      { path: '/system/remote_session', slug: 'remote-session', title: 'remoteSession', zh: '远程会话', en: 'Remote Sessions', icon: 'ApiOutlined', actions: ['query', 'add', 'edit', 'export', 'approve'] },
      { path: '/system/box_flasher', slug: 'flasher', vendorOnly: true, title: 'boxFlasher', zh: '刷机助手', en: 'Box Flasher', icon: 'ThunderboltOutlined', actions: WRITE },
      // both logs are written by the server and never edited or deleted
      { path: '/system/log', slug: 'operation-log', title: 'log', zh: '操作日志', en: 'Operation Log', icon: 'FileTextOutlined', actions: READ_EXPORT },
      { path: '/system/login_log', slug: 'login-log', title: 'loginLog', zh: '登录日志', en: 'Login Log', icon: 'LoginOutlined', roles: ['manager'], actions: READ_EXPORT },
    ],
  },
];

/** Every menu of the tree, parents before their children. */
export const flattenMenus = (menus: readonly MenuDef[] = MENUS): MenuDef[] => menus.flatMap((menu) => [menu, ...flattenMenus(menu.children ?? [])]);

/** The menu at `path`, if the console has one. */
export const findMenu = (path: string, menus: readonly MenuDef[] = MENUS): MenuDef | undefined =>
  flattenMenus(menus).find((menu) => menu.path === path);

/** The actions a menu offers: its own, or for a group those of everything below it (in bit order). */
export function menuActions(menu: MenuDef): Action[] {
  const offered = new Set<Action>(menu.actions);
  if (!offered.size) for (const child of menu.children ?? []) for (const action of menuActions(child)) offered.add(action);
  return [...offered].sort((a, b) => ACTION[a] - ACTION[b]);
}

/** The first of the vendor's own tools that grants give any bit on, if any (a group never is one). */
export const firstVendorTool = (grants: readonly RoleMenu[]): MenuDef | undefined =>
  grants.map((grant) => (grant.action > 0 ? findMenu(grant.menu) : undefined)).find((menu) => menu?.vendorOnly);

/** The menus a role used by customers' users may be given: the tree without the vendor's own tools, nor a group left empty by them. */
export function customerMenus(menus: readonly MenuDef[] = MENUS): MenuDef[] {
  return menus.flatMap((menu) => {
    if (menu.vendorOnly) return [];
    if (!menu.children) return [menu];
    const children = customerMenus(menu.children);
    return children.length ? [{ ...menu, children }] : [];
  });
}

/**
 * What the built-in 客户 role (id 2) grants a factory's user out of the box: its boxes (read, rename, locate,
 * remark, tag), their machine tools and 机床详情, traffic, the map, its tags, its boxes' movements and its exports,
 * its engineers' clients (调试代理) and remote sessions, approving those others open on its boxes. Not 远程调试 (the
 * box's own API through the platform): a vendor's grant.
 */
export const CUSTOMER_ROLE_MENUS: readonly RoleMenu[] = [
  { menu: '/device/device', action: ACTION.query | ACTION.edit | ACTION.tag },
  { menu: '/device/machinetool', action: ACTION.query | ACTION.edit },
  { menu: '/device/traffic', action: ACTION.query },
  { menu: '/device/gis', action: ACTION.query },
  { menu: '/manager/tag', action: ACTION.query | ACTION.add | ACTION.edit | ACTION.delete },
  { menu: '/manager/device_flow', action: ACTION.query | ACTION.export },
  { menu: '/manager/export', action: ACTION.query | ACTION.delete },
  { menu: '/system/debug_client', action: ACTION.query | ACTION.add | ACTION.edit | ACTION.delete },
  { menu: '/system/remote_session', action: ACTION.query | ACTION.add | ACTION.edit | ACTION.export | ACTION.approve },
];

/** The i18n key → title of every menu and of the pages beside them, in Chinese or English (the console's route titles). */
export const menuTitles = (language: 'zh' | 'en' = 'zh', menus: readonly MenuDef[] = MENUS): Record<string, string> =>
  Object.fromEntries(flattenMenus(menus).flatMap((menu) => [menu, ...(menu.beside ?? [])]).map((page) => [page.title, page[language]]));

/** The slugs of the resources whose API the server serves, one each (进货 and 出货 share `order`), in menu order. */
export const serverSlugs = (menus: readonly MenuDef[] = MENUS): string[] => [
  ...new Set(flattenMenus(menus).flatMap((menu) => (menu.slug && menu.api !== false ? [menu.slug] : []))),
];

/** The menu table as the permission dialog lists it: a tree in menu order (`sort` among siblings), titles in Chinese. */
export function menuTree(menus: readonly MenuDef[] = MENUS, parent: string | null = null): MenuNode[] {
  return menus.map((menu, sort) => ({
    path: menu.path,
    title: menu.zh,
    parent,
    icon: menu.icon ?? '',
    sort,
    hidden: !!menu.hidden,
    ...(menu.children ? { children: menuTree(menu.children, menu.path) } : {}),
  }));
}

/**
 * The path of the menu a resource hangs on (its route, API path and the key of its grants), found by its slug, and
 * its page where two menus share a slug (进货 and 出货: `order`): a menu's path is written only in its entry above,
 * and descriptors and the console take it from here. A slug of no menu, or of two, stops the load.
 * @example menuPath('customer') // '/manager/custom'
 */
export function menuPath(slug: string, page?: string): string {
  const [menu, ...others] = flattenMenus().filter((entry) => entry.slug === slug && (page === undefined || entry.page === page));
  if (!menu || others.length) throw new Error(`资源 ${slug}${page ? ` (${page})` : ''} 没有唯一的菜单`);
  return menu.path;
}
