import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ROLE_ADMIN, type RoleMenu } from '@gw/contracts';
import { eq } from 'drizzle-orm';
import { customer, role } from '../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';
import { registerGuard } from './guard.js';

const MENU = '/manager/custom';

describe('route guard: menu and action bits', () => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  /** The platform's own company: its staff see every row, so only the bits decide. */
  let vendor: number;

  /** A role with these menus, a user holding it (or no role at all), and that user's token. */
  async function userWith(menus: RoleMenu[] | null): Promise<string> {
    const username = `guard-user-${++seq}`;
    let roles: number[] = [];
    if (menus) {
      const [r] = await t.db.insert(role).values({ name: `role-${seq}`, menus }).returning({ id: role.id });
      roles = [r.id];
    }
    await t.createUser({ username, password: 'secret-123', roles, customer_id: vendor });
    return t.login(username, 'secret-123');
  }

  /** A customer made by the super user, to edit and delete. */
  async function someCustomer(): Promise<number> {
    const res = await t.api('POST', MENU, { token: admin, body: { company_name: `公司 ${++seq}` } });
    expect(res.json().code).toBe(200);
    return res.json().data.id;
  }

  const expectNoPermission = (res: Awaited<ReturnType<TestApp['api']>>) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: '您没有权限访问', data: null });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    [{ id: vendor }] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
  });
  afterAll(() => t.close());

  it('lets a query-only role read but not add, edit or delete', async () => {
    const token = await userWith([{ menu: MENU, action: ACTION.query }]);
    const id = await someCustomer();

    const list = await t.api('GET', MENU, { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().code).toBe(200);
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(id);
    expect((await t.api('GET', `${MENU}/${id}`, { token })).json().data.id).toBe(id);

    expectNoPermission(await t.api('POST', MENU, { token, body: { company_name: '不该出现' } }));
    expectNoPermission(await t.api('PUT', `${MENU}/${id}`, { token, body: { company_name: '改名' } }));
    expectNoPermission(await t.api('DELETE', `${MENU}/${id}`, { token }));

    // nothing of the refused writes reached the database
    const after = (await t.api('GET', `${MENU}/${id}`, { token: admin })).json().data;
    expect(after.company_name).not.toBe('改名');
    const search = await t.api('GET', `${MENU}?keywords=不该出现`, { token: admin });
    expect(search.json().count).toBe(0);
  });

  it('lets a role with query|add create, and still refuses edit and delete', async () => {
    const token = await userWith([{ menu: MENU, action: ACTION.query | ACTION.add }]);
    const created = await t.api('POST', MENU, { token, body: { company_name: '新增的公司' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ code: 200, data: { company_name: '新增的公司' } });
    const id = created.json().data.id;
    expectNoPermission(await t.api('PUT', `${MENU}/${id}`, { token, body: { remark: 'x' } }));
    expectNoPermission(await t.api('DELETE', `${MENU}/${id}`, { token }));
  });

  it('merges the bits of several roles and never lends one menu the bits of another', async () => {
    const otherMenu = await userWith([{ menu: '/manager/tag', action: 31 }]);
    expectNoPermission(await t.api('GET', MENU, { token: otherMenu }));

    const [q] = await t.db.insert(role).values({ name: 'query', menus: [{ menu: MENU, action: ACTION.query }] }).returning();
    const [d] = await t.db.insert(role).values({ name: 'delete', menus: [{ menu: MENU, action: ACTION.delete }] }).returning();
    await t.createUser({ username: 'two-roles', roles: [q.id, d.id], customer_id: vendor });
    const token = await t.login('two-roles', 'secret-123');
    const id = await someCustomer();
    expect((await t.api('GET', MENU, { token })).statusCode).toBe(200);
    expect((await t.api('DELETE', `${MENU}/${id}`, { token })).json().code).toBe(200);
    expectNoPermission(await t.api('POST', MENU, { token, body: { company_name: 'x' } }));
  });

  it('lets the super user through every action although its role lists no menus', async () => {
    const created = await t.api('POST', MENU, { token: admin, body: { company_name: '超级用户建的' } });
    expect(created.json().code).toBe(200);
    const id = created.json().data.id;
    expect((await t.api('GET', MENU, { token: admin })).json().code).toBe(200);
    expect((await t.api('GET', `${MENU}/${id}`, { token: admin })).json().code).toBe(200);
    expect((await t.api('PUT', `${MENU}/${id}`, { token: admin, body: { remark: '备注' } })).json().data.remark).toBe('备注');
    expect((await t.api('DELETE', `${MENU}/${id}`, { token: admin })).json().code).toBe(200);
  });

  it('gives a holder of role 1 admin every action, like the super user, whatever its menus list', async () => {
    const username = `guard-admin-${++seq}`;
    await t.createUser({ username, password: 'secret-123', roles: [ROLE_ADMIN], customer_id: vendor });
    const token = await t.login(username, 'secret-123');
    const created = await t.api('POST', MENU, { token, body: { company_name: '管理员建的' } });
    expect(created.json().code).toBe(200);
    expect((await t.api('DELETE', `${MENU}/${created.json().data.id}`, { token })).json().code).toBe(200);
    expect((await t.api('GET', '/user/info', { token })).json().data.super_user).toBe(true);
  });

  it('refuses a user without roles on menu routes but still answers its own /user/info', async () => {
    const token = await userWith(null);
    expectNoPermission(await t.api('GET', MENU, { token }));
    const info = await t.api('GET', '/user/info', { token });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ code: 200, data: { roles: [], role_menu: [] } });
  });

  it('answers a menu route without a session with body code 401, not the permission status', async () => {
    const res = await t.api('GET', MENU);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it('refuses to start when an API route declares no access', async () => {
    // the guard alone on a bare Fastify: it refuses the route as it is declared
    const app = Fastify({ logger: false });
    registerGuard(app, t.deps.sessions, t.db);
    try {
      await expect(
        (async () => {
          app.get('/custom/api/v1/x', async () => ({ leaked: true }));
          await app.ready();
        })(),
      ).rejects.toThrow(/GET \/custom\/api\/v1\/x 没有声明访问权限/);
    } finally {
      await app.close();
    }
  });
});
