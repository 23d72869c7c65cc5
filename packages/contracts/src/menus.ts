// No zod here: the console's entry builds its route table from this file.
import { ACTION, type Action } from './permissions.js';
import type { MenuEntry } from './role-admin.js';

/**
 * One menu of the console. Its path is at once the route, the API path and the key of role grants; the console
 * adds a page per path, the role feature registers the tree with 同步菜单 and offers `actions` in the permission
 * dialog.
 */
export interface MenuDef {
  path: string;
  /** The i18n key of the title (`route.<title>`), e.g. 'adminUser'. */
  title: string;
  /** The Chinese title: the console's zh text and what 同步菜单 registers. */
  zh: string;
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
    icon: 'ClusterOutlined',
    redirect: '/device/device',
    actions: [],
    children: [
      { path: '/device/device', title: 'device', zh: '网关设备', icon: 'HddOutlined', actions: [...CRUD, 'assign', 'tag', 'secret'] },
      // the list has no sheet; 导出 is a machine tool's alarm history (机床详情)
      { path: '/device/machinetool', title: 'machineTool', zh: '机床', hidden: true, activeMenu: '/device/device', actions: CRUD },
      { path: '/device/traffic', title: 'traffic', zh: '设备流量', icon: 'LineChartOutlined', actions: CRUD },
      { path: '/device/gis', title: 'gis', zh: 'GIS 地图', icon: 'EnvironmentOutlined', actions: ['query'] },
    ],
  },
  {
    path: '/manager',
    title: 'manager',
    zh: '运营管理',
    icon: 'ShopOutlined',
    alwaysShow: true,
    redirect: '/manager/custom',
    actions: [],
    children: [
      { path: '/manager/custom', title: 'custom', zh: '客户管理', icon: 'TeamOutlined', actions: CRUD },
      // the company tree drawn to be dragged: it reads the tree and moves companies, nothing more
      { path: '/manager/organization', title: 'organization', zh: '组织架构', icon: 'ApartmentOutlined', actions: ['query', 'edit'] },
      { path: '/manager/tag', title: 'tag', zh: '设备标签', icon: 'TagsOutlined', actions: WRITE },
      // a ledger the server writes: read and exported, never written from here
      { path: '/manager/device_flow', title: 'deviceFlow', zh: '设备流转', icon: 'SwapOutlined', actions: READ_EXPORT },
      { path: '/manager/goods', title: 'goods', zh: '设备类型', icon: 'AppstoreOutlined', actions: CRUD },
      { path: '/manager/buy_order', title: 'buyOrder', zh: '进货管理', icon: 'ImportOutlined', actions: CRUD },
      { path: '/manager/sell_order', title: 'sellOrder', zh: '出货管理', icon: 'ExportOutlined', actions: CRUD },
      // the jobs are created by the lists' 导出 and only looked at or removed here
      { path: '/manager/export', title: 'export', zh: '导出管理', icon: 'DownloadOutlined', actions: ['query', 'delete'] },
    ],
  },
  {
    path: '/system',
    title: 'system',
    zh: '系统管理',
    icon: 'SettingOutlined',
    redirect: '/system/admin_user',
    actions: [],
    children: [
      { path: '/system/admin_user', title: 'adminUser', zh: '管理员', icon: 'UserOutlined', actions: CRUD },
      // roles have no sheet: nothing to export (nor have firmware releases and flash batches, below)
      { path: '/system/role', title: 'role', zh: '角色管理', icon: 'SafetyCertificateOutlined', actions: WRITE },
      { path: '/system/config', title: 'config', zh: '通用配置', icon: 'ControlOutlined', actions: CRUD },
      { path: '/system/mp_reply', title: 'mpReply', zh: '自动回复', icon: 'MessageOutlined', actions: WRITE },
      { path: '/system/qrcode_url', title: 'qrcodeUrl', zh: '短链接', icon: 'QrcodeOutlined', actions: CRUD },
      { path: '/system/version', title: 'version', zh: '版本管理', icon: 'CloudUploadOutlined', actions: WRITE },
      // a licence is revoked (修改), never deleted, and has no sheet
      { path: '/system/gen_license', title: 'genLicense', zh: '授权生成', icon: 'KeyOutlined', actions: ['query', 'add', 'edit'] },
      { path: '/system/debug_client', title: 'debugClient', zh: '调试代理', icon: 'BugOutlined', actions: CRUD },
      { path: '/system/box_flasher', title: 'boxFlasher', zh: '刷机助手', icon: 'ThunderboltOutlined', actions: WRITE },
      // both logs are written by the server and never edited or deleted
      { path: '/system/log', title: 'log', zh: '操作日志', icon: 'FileTextOutlined', actions: READ_EXPORT },
      { path: '/system/login_log', title: 'loginLog', zh: '登录日志', icon: 'LoginOutlined', roles: ['manager'], actions: READ_EXPORT },
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

/** The i18n key → Chinese title of every menu (the console's zh route titles). */
export const menuTitles = (menus: readonly MenuDef[] = MENUS): Record<string, string> =>
  Object.fromEntries(flattenMenus(menus).map((menu) => [menu.title, menu.zh]));

/**
 * The tree as 同步菜单 registers it: every menu, parents before their children, `sort` in menu order, titles in
 * Chinese (the server keeps one title per menu).
 */
export function menuEntries(menus: readonly MenuDef[] = MENUS, parent: string | null = null, into: MenuEntry[] = []): MenuEntry[] {
  for (const menu of menus) {
    into.push({ path: menu.path, title: menu.zh, parent, icon: menu.icon ?? '', sort: into.length, hidden: !!menu.hidden });
    if (menu.children) menuEntries(menu.children, menu.path, into);
  }
  return into;
}
