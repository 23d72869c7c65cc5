import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import { ACTION, type Action } from './permissions.js';
import type { ResourceDescriptor } from './resource.js';
import { MACHINE_MENU } from './fleet/machine-tool.js';
import { DEBUG_SESSION_MENU } from './debug.js';
import { MENUS, findMenu, flattenMenus, menuActions, menuTitles, menuTree, serverSlugs } from './menus.js';
import type { MenuNode } from './role-menu.js';

describe('the menu table', () => {
  it('names every path once, each child under its parent’s path, every page with 查询', () => {
    const all = flattenMenus();
    expect(new Set(all.map((menu) => menu.path)).size).toBe(all.length);
    expect(new Set(all.map((menu) => menu.title)).size).toBe(all.length);
    for (const group of MENUS) for (const child of group.children ?? []) expect(child.path.startsWith(`${group.path}/`)).toBe(true);
    for (const page of all.filter((menu) => !menu.children)) expect(page.actions).toContain('query');
  });

  it('offers on a group what its pages offer, in bit order', () => {
    expect(menuActions(findMenu('/system/log')!)).toEqual(['query', 'export']);
    expect(menuActions(findMenu('/system')!)).toEqual(['query', 'add', 'edit', 'delete', 'export', 'approve']);
    expect(menuActions(findMenu('/device')!)).toEqual(['query', 'add', 'edit', 'delete', 'export', 'assign', 'tag', 'secret', 'debug']);
  });

  it('lists the whole table as a tree for the permission dialog, in sidebar order, with Chinese titles', () => {
    const tree = menuTree();
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
    expect(flat(tree).map((node) => node.path)).toEqual(flattenMenus().map((menu) => menu.path));
    expect(tree[0]).toMatchObject({ path: '/device', title: '设备管理', parent: null, icon: 'ClusterOutlined', sort: 0, hidden: false });
    expect(tree[0].children![1]).toEqual({ path: '/device/machinetool', title: '机床', parent: '/device', icon: '', sort: 1, hidden: true });
  });

  it('gives the console its titles by i18n key, in Chinese and English, the pages beside a menu too', () => {
    expect(menuTitles()).toMatchObject({ adminUser: '管理员', loginLog: '登录日志', deviceGroup: '设备管理', rolloutDetail: '推送详情' });
    expect(menuTitles('en')).toMatchObject({ adminUser: 'Administrators', machineDetail: 'Machine Tool' });
  });

  it('names every page by one slug, the folder of its feature in the console and of its module on the server', () => {
    for (const page of flattenMenus().filter((menu) => !menu.children)) expect(page.slug, page.path).toMatch(/^[a-z]+(-[a-z]+)*$/);
    for (const group of MENUS) expect(group.slug, group.path).toBeUndefined();
    // the legacy paths stay, the slug names the resource: one module serves 进货 and 出货, 组织架构 reads 客户管理's tree
    expect(findMenu('/system/gen_license')!.slug).toBe('license');
    expect(findMenu('/system/qrcode_url')!.slug).toBe('short-url');
    expect(serverSlugs()).toContain('order');
    expect(serverSlugs()).not.toContain('organization');
    expect(new Set(serverSlugs()).size).toBe(serverSlugs().length);
  });
});

describe('the menu table and the resource descriptors', () => {
  const isDescriptor = (value: unknown): value is ResourceDescriptor => typeof value === 'object' && value !== null && 'path' in value && 'labels' in value;
  const descriptors = Object.values(contracts as Record<string, unknown>).filter(isDescriptor);

  it('offers on each resource’s menu exactly what the resources on it answer', () => {
    expect(descriptors.length).toBeGreaterThan(5);
    // a menu may guard several resources (机床: the machine tools and their alarm history)
    const answeredOn = new Map<string, Set<Action>>();
    for (const descriptor of descriptors) {
      const path = descriptor.menu ?? descriptor.path;
      expect(findMenu(path), descriptor.path).toBeDefined();
      const answered = answeredOn.get(path) ?? new Set<Action>(['query']);
      if (descriptor.create) answered.add('add');
      if (descriptor.update) answered.add('edit');
      if (descriptor.deletable ?? !!descriptor.create) answered.add('delete');
      if (descriptor.exportable) answered.add('export');
      for (const action of Object.values(descriptor.actions ?? {})) answered.add(action.permission);
      answeredOn.set(path, answered);
    }
    // 远程调试, the box drawer's console of the box's own API, is no resource: its routes guard writes by this bit
    answeredOn.get(DEBUG_SESSION_MENU)!.add('debug');
    for (const [path, answered] of answeredOn) expect(menuActions(findMenu(path)!), path).toEqual([...answered].sort((a, b) => ACTION[a] - ACTION[b]));
    expect(menuActions(findMenu(MACHINE_MENU)!)).toContain('export');
  });

  it('orders each list by default on one of its sortable fields', () => {
    for (const { path, sortable, defaultSort } of descriptors) {
      if (defaultSort) expect(sortable, path).toContain(defaultSort.replace(/^[-+]/, ''));
    }
  });
});
