import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, ROLE_CUSTOMER } from '@gw/contracts';
import { customer, menu, role } from '../../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../../test/harness.js';

const MENUS = '/system/role/menus';
const SYNC = '/system/role/sync_menu';

const consoleRoutes = [
  { path: '/system', title: '系统管理', parent: null, icon: 'SettingOutlined', sort: 2 },
  { path: '/system/role', title: '角色管理', parent: '/system', sort: 2 },
  { path: '/system/admin_user', title: '管理员', parent: '/system', sort: 1 },
  { path: '/system/login_log', title: '登录日志', parent: '/system', sort: 3, hidden: true },
  { path: '/device', title: '设备管理', parent: null, icon: 'ClusterOutlined', sort: 1 },
  { path: '/device/device', title: '网关', parent: '/device', sort: 1 },
];

describe('menu tree of the role permission dialog (同步菜单)', () => {
  let t: TestApp;
  let admin: string;
  const sync = (menus: unknown[], token = admin) => t.api('POST', SYNC, { token, body: { menus } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('registers the console’s route tree, then lists it as a tree in menu order', async () => {
    expect((await t.api('GET', MENUS, { token: admin })).json()).toMatchObject({ code: 200, data: [] });
    const synced = await sync(consoleRoutes);
    expect(synced.json()).toMatchObject({ code: 200, message: '已同步 6 个菜单' });
    const tree = (await t.api('GET', MENUS, { token: admin })).json().data;
    expect(tree).toEqual([
      { path: '/device', title: '设备管理', parent: null, icon: 'ClusterOutlined', sort: 1, hidden: false, children: [
        { path: '/device/device', title: '网关', parent: '/device', icon: '', sort: 1, hidden: false },
      ] },
      { path: '/system', title: '系统管理', parent: null, icon: 'SettingOutlined', sort: 2, hidden: false, children: [
        { path: '/system/admin_user', title: '管理员', parent: '/system', icon: '', sort: 1, hidden: false },
        { path: '/system/role', title: '角色管理', parent: '/system', icon: '', sort: 2, hidden: false },
        { path: '/system/login_log', title: '登录日志', parent: '/system', icon: '', sort: 3, hidden: true },
      ] },
    ]);
    expect(synced.json().data).toEqual(tree);
  });

  it('replaces the stored tree on the next sync, so removed screens leave and new ones appear', async () => {
    await sync(consoleRoutes);
    const next = [...consoleRoutes.filter((m) => !m.path.startsWith('/device')), { path: '/system/config', title: '通用配置', parent: '/system', sort: 4 }];
    expect((await sync(next)).json().code).toBe(200);
    const tree = (await t.api('GET', MENUS, { token: admin })).json().data;
    expect(tree.map((n: { path: string }) => n.path)).toEqual(['/system']);
    expect(tree[0].children.map((n: { path: string }) => n.path)).toEqual(['/system/admin_user', '/system/role', '/system/login_log', '/system/config']);
    expect(await t.db.select().from(menu)).toHaveLength(5);
  });

  it('refuses a tree that is not one with 400 naming the entry, and keeps the stored tree', async () => {
    const before = await t.db.select().from(menu);
    const cases: [unknown[], string][] = [
      [[{ path: '/a', title: 'A', parent: null }, { path: '/a/b', title: 'B', parent: '/missing' }], 'menus.1.parent'],
      [[{ path: '/a', title: 'A', parent: null }, { path: '/a', title: 'A2', parent: null }], 'menus.1.path'],
      [[{ path: '/a', title: 'A', parent: '/b' }, { path: '/b', title: 'B', parent: '/a' }], 'menus.0.parent'],
      [[{ path: '/a', title: '', parent: null }], 'menus.0.title'],
      [[{ path: 'a', title: 'A', parent: null }], 'menus.0.path'],
    ];
    for (const [menus, field] of cases) {
      const res = await sync(menus);
      expect(res.statusCode, JSON.stringify(menus)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await sync([])).statusCode).toBe(400);
    expect(await t.db.select().from(menu)).toEqual(before);
  });

  it('lets a role reader list the menus but only an editor of the vendor sync them', async () => {
    const [reader] = await t.db.insert(role).values({ name: 'reader', menus: [{ menu: '/system/role', action: ACTION.query }] }).returning();
    await t.createUser({ username: 'reader', roles: [reader.id] });
    await t.createUser({ username: 'nobody' });
    const companyA = (await t.db.insert(customer).values({ company_name: 'A' }).returning())[0].id;
    await t.db.update(role).set({ menus: [{ menu: '/system/role', action: ALL_ACTIONS }] }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'a-admin', roles: [ROLE_CUSTOMER], customer_id: companyA });
    const token = await t.login('reader', 'secret-123');
    const nobody = await t.login('nobody', 'secret-123');
    const cu = await t.login('a-admin', 'secret-123');
    expect((await t.api('GET', MENUS, { token })).json().code).toBe(200);
    expect((await sync(consoleRoutes, token)).statusCode).toBe(401);
    expect((await t.api('GET', MENUS, { token: nobody })).statusCode).toBe(401);
    const scoped = await sync(consoleRoutes, cu);
    expect(scoped.json()).toMatchObject({ code: expect.any(Number), message: '角色和菜单由平台统一管理,客户管理员不能修改' });
    expect(scoped.json().code).toBeGreaterThanOrEqual(300);
    expect(await t.db.select().from(menu)).toHaveLength(5);
  });
});
