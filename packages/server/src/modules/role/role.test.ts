import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, ROLE_ADMIN, ROLE_CUSTOMER } from '@gw/contracts';
import { customer, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MENU = '/system/role';
type Res = Awaited<ReturnType<TestApp['api']>>;

describe('角色管理 /system/role', () => {
  let t: TestApp;
  let admin: string;
  let companyA = 0;

  const refusedWith = (res: Res, message?: string) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    if (message) expect(res.json().message).toBe(message);
  };
  const createRole = async (body: Record<string, unknown>, token = admin) => {
    const res = await t.api('POST', MENU, { token, body });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as { id: number; menus: unknown[]; member_count: number };
  };
  const get = async (id: number, token = admin) => (await t.api('GET', `${MENU}/${id}`, { token })).json().data;
  const roleNames = async () => (await t.db.select({ name: role.name }).from(role)).map((r) => r.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    companyA = (await t.db.insert(customer).values({ company_name: 'A 集团' }).returning())[0].id;
  });
  afterAll(() => t.close());

  it('builds a role tree, keeps one entry per menu and tags each role with its member count', async () => {
    const parent = await createRole({ name: '运维', description: '运维人员' });
    const child = await createRole({
      name: '运维-查看',
      parent_id: parent.id,
      menus: [
        { menu: '/system/log', action: ACTION.query },
        { menu: '/system/log', action: ACTION.export },
        { menu: '/system/config', action: 0 },
      ],
    });
    expect(child).toMatchObject({ member_count: 0, menus: [{ menu: '/system/log', action: ACTION.query | ACTION.export }] });
    await t.createUser({ username: 'm1', roles: [child.id] });
    await t.createUser({ username: 'm2', roles: [child.id, ROLE_CUSTOMER], customer_id: companyA });
    expect((await get(child.id)).member_count).toBe(2);
    const listed = (await t.api('GET', `${MENU}?limit=100&sort=id`, { token: admin })).json();
    const byName = Object.fromEntries(listed.data.map((r: { name: string; member_count: number }) => [r.name, r]));
    expect(byName['运维-查看']).toMatchObject({ parent_id: parent.id, member_count: 2 });
    expect(byName['运维'].member_count).toBe(0);
    expect(byName['超级管理员'].member_count).toBe(1);
    expect(listed.data[0].id).toBe(ROLE_ADMIN);
  });

  it('never deletes the built-in roles 1 and 2, alone or in a batch', async () => {
    const spare = await createRole({ name: '临时' });
    for (const id of [ROLE_ADMIN, ROLE_CUSTOMER]) refusedWith(await t.api('DELETE', `${MENU}/${id}`, { token: admin }), '内置角色 (admin、customer) 不能删除');
    refusedWith(await t.api('DELETE', MENU, { token: admin, body: { ids: [spare.id, ROLE_CUSTOMER] } }));
    expect(await roleNames()).toEqual(expect.arrayContaining(['超级管理员', '客户', '临时']));
    expect((await t.api('DELETE', `${MENU}/${spare.id}`, { token: admin })).json().code).toBe(200);
  });

  it('refuses deleting a role still held or with sub-roles, a parent loop and a duplicate name', async () => {
    const top = await createRole({ name: '顶层' });
    const mid = await createRole({ name: '中层', parent_id: top.id });
    const leaf = await createRole({ name: '底层', parent_id: mid.id });
    await t.createUser({ username: 'holder', roles: [leaf.id] });
    refusedWith(await t.api('DELETE', `${MENU}/${leaf.id}`, { token: admin }), '该角色下还有 1 个用户,不能删除');
    refusedWith(await t.api('DELETE', `${MENU}/${top.id}`, { token: admin }), '该角色下还有 1 个下级角色,不能删除');
    refusedWith(await t.api('PUT', `${MENU}/${top.id}`, { token: admin, body: { parent_id: leaf.id } }), '上级角色不能是自己或自己的下级');
    refusedWith(await t.api('PUT', `${MENU}/${top.id}`, { token: admin, body: { parent_id: top.id } }));
    refusedWith(await t.api('PUT', `${MENU}/${top.id}`, { token: admin, body: { parent_id: 999_999 } }), '上级角色不存在');
    refusedWith(await t.api('POST', MENU, { token: admin, body: { name: '中层' } }), '角色名称已存在');
    expect((await get(top.id)).parent_id).toBeNull();
  });

  it('applies changed grants at the holders’ next request and user-info load', async () => {
    const r = await createRole({ name: '配置查看' });
    await t.createUser({ username: 'cfg-reader', roles: [r.id] });
    const reader = await t.login('cfg-reader', 'secret-123');
    expect((await t.api('GET', '/system/config', { token: reader })).statusCode).toBe(401);
    await t.api('PUT', `${MENU}/${r.id}`, { token: admin, body: { menus: [{ menu: '/system/config', action: ACTION.query }] } });
    expect((await t.api('GET', '/system/config', { token: reader })).json().code).toBe(200);
    expect((await t.api('GET', '/user/info', { token: reader })).json().data.role_menu).toEqual([{ menu: '/system/config', action: ACTION.query }]);
    await t.api('PUT', `${MENU}/${r.id}`, { token: admin, body: { menus: [] } });
    expect((await t.api('GET', '/system/config', { token: reader })).statusCode).toBe(401);
  });

  it('lets a customer administrator see roles, counted in its own subtree, but change none', async () => {
    await t.db.update(role).set({ menus: [{ menu: MENU, action: ALL_ACTIONS }] }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'a-admin', roles: [ROLE_CUSTOMER], customer_id: companyA });
    const cu = await t.login('a-admin', 'secret-123');
    const listed = (await t.api('GET', `${MENU}?keywords=运维-查看`, { token: cu })).json();
    expect(listed).toMatchObject({ code: 200, count: 1, data: [{ member_count: 1 }] });
    const target = listed.data[0].id;
    const vendorOnly = '角色和菜单由平台统一管理,客户管理员不能修改';
    refusedWith(await t.api('POST', MENU, { token: cu, body: { name: '客户自建' } }), vendorOnly);
    refusedWith(await t.api('PUT', `${MENU}/${ROLE_CUSTOMER}`, { token: cu, body: { menus: [{ menu: '/system/config', action: ALL_ACTIONS }] } }), vendorOnly);
    refusedWith(await t.api('DELETE', `${MENU}/${target}`, { token: cu }), vendorOnly);
    expect(await roleNames()).not.toContain('客户自建');
    expect((await get(ROLE_CUSTOMER)).menus).toEqual([{ menu: MENU, action: ALL_ACTIONS }]);
  });

  it('lets vendor staff without full access pass on only the bits they have', async () => {
    const mgr = await createRole({
      name: '角色管理员',
      menus: [
        { menu: MENU, action: ALL_ACTIONS },
        { menu: '/system/log', action: ACTION.query },
      ],
    });
    const vendor = (await t.db.select().from(customer).where(eq(customer.is_vendor, true)))[0].id;
    await t.createUser({ username: 'role-mgr', roles: [mgr.id], customer_id: vendor });
    const token = await t.login('role-mgr', 'secret-123');
    await createRole({ name: '日志查看', menus: [{ menu: '/system/log', action: ACTION.query }] }, token);
    refusedWith(
      await t.api('POST', MENU, { token, body: { name: '日志导出', menus: [{ menu: '/system/log', action: ACTION.query | ACTION.export }] } }),
      '不能授予自己没有的权限: /system/log',
    );
    const rich = await createRole({ name: '配置管理', menus: [{ menu: '/system/config', action: ALL_ACTIONS }] });
    const kept = await t.api('PUT', `${MENU}/${rich.id}`, { token, body: { description: '改描述', menus: rich.menus } });
    expect(kept.json()).toMatchObject({ code: 200, data: { description: '改描述', menus: rich.menus } });
  });

  it('needs the menu bit of each action: HTTP 401 otherwise', async () => {
    const viewer = await createRole({ name: '角色查看', menus: [{ menu: MENU, action: ACTION.query }] });
    await t.createUser({ username: 'viewer', roles: [viewer.id] });
    await t.createUser({ username: 'nobody' });
    const token = await t.login('viewer', 'secret-123');
    const nobody = await t.login('nobody', 'secret-123');
    expect((await t.api('GET', MENU, { token })).json().code).toBe(200);
    expect((await t.api('POST', MENU, { token, body: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.api('PUT', `${MENU}/${viewer.id}`, { token, body: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.api('DELETE', `${MENU}/${viewer.id}`, { token })).statusCode).toBe(401);
    expect((await t.api('GET', MENU, { token: nobody })).statusCode).toBe(401);
    expect((await t.api('GET', `${MENU}/${viewer.id}`, { token: nobody })).statusCode).toBe(401);
  });
});
