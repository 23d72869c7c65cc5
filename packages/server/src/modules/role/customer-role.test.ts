import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, CUSTOMER_ROLE_MENUS, ROLE_ADMIN, ROLE_CUSTOMER, customerMenus, flattenMenus } from '@gw/contracts';
import { customer, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const ROLE = '/system/role';

describe('the built-in 客户 role and the vendor’s own tools', () => {
  let t: TestApp;
  let admin: string;
  let factory = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    factory = (await t.db.insert(customer).values({ company_name: '华东一厂' }).returning())[0].id;
  });
  afterAll(() => t.close());

  const refusedNaming = (res: { statusCode: number; json(): { code: number; message: string } }, title: string, path: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: expect.stringContaining(`${title} (${path})`) });
  };

  it('gives a factory’s user its boxes, machine tools, traffic, map, tags, flows and exports from the first login', async () => {
    const [customerRole] = await t.db.select().from(role).where(eq(role.id, ROLE_CUSTOMER));
    expect(customerRole.menus).toEqual(CUSTOMER_ROLE_MENUS);
    await t.createUser({ username: 'op-1', roles: [ROLE_CUSTOMER], customer_id: factory });
    const token = await t.login('op-1', 'secret-123');
    const info = (await t.api('GET', '/user/info', { token })).json().data as { role_menu: { menu: string }[] };
    expect(info.role_menu.map((m) => m.menu).sort()).toEqual(CUSTOMER_ROLE_MENUS.map((m) => m.menu).sort());
    for (const path of ['/device/device', '/device/traffic', '/manager/tag', '/manager/device_flow', '/manager/export']) {
      expect((await t.api('GET', `${path}?limit=10`, { token })).json().code, path).toBe(200);
    }
    expect((await t.api('GET', '/system/license?limit=10', { token })).statusCode).toBe(401);
  });

  it('refuses a vendor’s tool on 客户 and on a role below it with 400 naming the menu, and keeps the role as it was', async () => {
    refusedNaming(
      await t.api('PUT', `${ROLE}/${ROLE_CUSTOMER}`, { token: admin, body: { menus: [...CUSTOMER_ROLE_MENUS, { menu: '/system/gen_license', action: ACTION.query }] } }),
      '授权生成',
      '/system/gen_license',
    );
    refusedNaming(
      await t.api('POST', ROLE, { token: admin, body: { name: '工厂仓管', parent_id: ROLE_CUSTOMER, menus: [{ menu: '/manager/buy_order', action: ACTION.query }] } }),
      '进货管理',
      '/manager/buy_order',
    );
    const [after] = await t.db.select().from(role).where(eq(role.id, ROLE_CUSTOMER));
    expect(after.menus).toEqual(CUSTOMER_ROLE_MENUS);
    // what a factory may have is still accepted there
    const ok = await t.api('POST', ROLE, { token: admin, body: { name: '工厂操作员', parent_id: ROLE_CUSTOMER, menus: [{ menu: '/device/device', action: ACTION.query }] } });
    expect(ok.json().code, ok.body).toBe(200);
  });

  it('refuses moving a role holding a vendor’s tool below 客户, and the tool on a role a factory’s user holds', async () => {
    const created = await t.api('POST', ROLE, { token: admin, body: { name: '授权专员', menus: [{ menu: '/system/gen_license', action: ACTION.query }] } });
    expect(created.json().code, created.body).toBe(200);
    const id = created.json().data.id as number;
    refusedNaming(await t.api('PUT', `${ROLE}/${id}`, { token: admin, body: { parent_id: ROLE_CUSTOMER } }), '授权生成', '/system/gen_license');

    const plain = (await t.api('POST', ROLE, { token: admin, body: { name: '厂内查看' } })).json().data.id as number;
    await t.createUser({ username: 'op-2', roles: [plain], customer_id: factory });
    refusedNaming(
      await t.api('PUT', `${ROLE}/${plain}`, { token: admin, body: { menus: [{ menu: '/system/box_flasher', action: ACTION.query }] } }),
      '刷机助手',
      '/system/box_flasher',
    );
  });

  it('gives a factory’s user no role with the vendor’s tools, and lets the factory’s administrator add its operators', async () => {
    const users = '/system/admin_user';
    const addUser = (token: string, body: Record<string, unknown>) => t.api('POST', users, { token, body: { password: 'secret-123', ...body } });
    const licence = (await t.db.insert(role).values({ name: '授权查看', menus: [{ menu: '/system/gen_license', action: ACTION.query }] }).returning())[0].id;
    const full = await addUser(admin, { username: 'op-full', customer_id: factory, roles: [ROLE_ADMIN] });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toContain('roles');
    const tool = await addUser(admin, { username: 'op-licence', customer_id: factory, roles: [licence] });
    expect(tool.statusCode).toBe(400);
    expect(tool.json().message).toContain('授权生成 (/system/gen_license)');
    // a vendor's clerk holding that role is not moved into the factory either
    const vendorCompany = (await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true)))[0].id;
    const clerk = await addUser(admin, { username: 'clerk', customer_id: vendorCompany, roles: [licence] });
    expect(clerk.json().code, clerk.body).toBe(200);
    expect((await t.api('PUT', `${users}/${clerk.json().data.id}`, { token: admin, body: { customer_id: factory } })).statusCode).toBe(400);

    // the factory's own administrator: 客户 plus a role below it that manages users
    const managers = (await t.db.insert(role).values({ name: '工厂管理员', parent_id: ROLE_CUSTOMER, menus: [{ menu: users, action: ACTION.query | ACTION.add }] }).returning())[0].id;
    await t.createUser({ username: 'factory-admin', roles: [ROLE_CUSTOMER, managers], customer_id: factory });
    const own = await t.login('factory-admin', 'secret-123');
    const operator = await addUser(own, { username: 'op-3', customer_id: factory, roles: [ROLE_CUSTOMER] });
    expect(operator.json().code, operator.body).toBe(200);
    const other = (await t.db.insert(customer).values({ company_name: '华南二厂' }).returning())[0].id;
    expect((await addUser(own, { username: 'op-4', customer_id: other, roles: [ROLE_CUSTOMER] })).json().code).toBeGreaterThanOrEqual(300);
    expect((await addUser(own, { username: 'op-5', customer_id: factory, roles: [licence] })).json().code).not.toBe(200);
  });

  it('lists as customers’ menus everything but the vendor’s tools', () => {
    const offered = flattenMenus(customerMenus()).map((m) => m.path);
    expect(offered).toContain('/device/device');
    expect(offered).not.toContain('/system/gen_license');
    for (const menu of flattenMenus()) if (menu.vendorOnly) expect(offered).not.toContain(menu.path);
  });
});
