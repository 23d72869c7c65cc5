import { eq } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

const ADMIN_MENUS = [
  { menu: '/manager/custom', action: 31 },
  { menu: '/device/device', action: 1 },
];
const CUSTOMER_MENUS = [
  { menu: '/device/device', action: 4 },
  { menu: '/manager/custom', action: 1 },
];

describe('POST /user/switch_role', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.update(role).set({ menus: ADMIN_MENUS }).where(eq(role.id, ROLE_ADMIN));
    await t.db.update(role).set({ menus: CUSTOMER_MENUS }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'two-hats', password: 'two-hats-1', roles: [ROLE_ADMIN, ROLE_CUSTOMER] });
  });
  afterAll(() => t.close());

  const info = async (token: string) => (await t.api('GET', '/user/info', { token })).json();
  const switchRole = (token: string, role_id: number) => t.api('POST', '/user/switch_role', { token, body: { role_id } });

  it('acts with both roles before a switch', async () => {
    const { data } = await info(await t.login('two-hats', 'two-hats-1'));
    expect(data.roles.map((r: { id: number }) => r.id)).toEqual([ROLE_ADMIN, ROLE_CUSTOMER]);
    expect(data.role_menu).toEqual(
      expect.arrayContaining([
        { menu: '/manager/custom', action: 31 },
        { menu: '/device/device', action: 5 },
      ]),
    );
    expect(data.role_menu).toHaveLength(2);
  });

  it('gives a token that acts with the chosen role only and ends the old one', async () => {
    const old = await t.login('two-hats', 'two-hats-1');
    const res = await switchRole(old, ROLE_CUSTOMER);
    expect(res.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const token = res.json().data.token;
    expect(token).not.toBe(old);

    const { code, data } = await info(token);
    expect(code).toBe(200);
    expect(data.roles).toEqual([{ id: ROLE_CUSTOMER, name: '客户' }]);
    expect(data.all_roles).toEqual([
      { id: ROLE_ADMIN, name: '超级管理员' },
      { id: ROLE_CUSTOMER, name: '客户' },
    ]);
    expect(data.role_menu).toEqual(expect.arrayContaining(CUSTOMER_MENUS));
    expect(data.role_menu).toHaveLength(CUSTOMER_MENUS.length);

    expect((await info(old)).code).toBe(401);
  });

  it('limits what the switched token may do to the chosen role', async () => {
    const both = await t.login('two-hats', 'two-hats-1');
    const edit = (token: string) => t.api('PUT', '/manager/custom/1', { token, body: { remark: 'edited' } });
    // Editing customers is granted by the admin role only; the customer role may only look.
    expect((await edit(both)).json().code).toBe(200);

    const token = (await switchRole(both, ROLE_CUSTOMER)).json().data.token;
    expect((await t.api('GET', '/manager/custom', { token })).json().code).toBe(200);
    const refused = await edit(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('您没有权限访问');
  });

  it('can switch again from a switched token to another held role', async () => {
    const first = (await switchRole(await t.login('two-hats', 'two-hats-1'), ROLE_CUSTOMER)).json().data.token;
    const res = await switchRole(first, ROLE_ADMIN);
    expect(res.json().code).toBe(200);
    const { data } = await info(res.json().data.token);
    expect(data.roles).toEqual([{ id: ROLE_ADMIN, name: '超级管理员' }]);
    expect(data.role_menu).toEqual(expect.arrayContaining(ADMIN_MENUS));
    expect(data.role_menu).toHaveLength(ADMIN_MENUS.length);
    expect((await info(first)).code).toBe(401);
  });

  it('refuses a role the user does not hold and keeps the current token', async () => {
    const [{ id: other }] = await t.db.insert(role).values({ name: 'auditor' }).returning({ id: role.id });
    const token = await t.login('two-hats', 'two-hats-1');
    for (const roleId of [other, 999]) {
      const res = await switchRole(token, roleId);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBeGreaterThanOrEqual(300);
      expect(res.json().message).toBe('您没有该角色,无法切换');
      expect(res.json().data).toBeNull();
    }
    expect((await info(token)).code).toBe(200);
  });

  it('answers a role id that is not a positive integer with 400', async () => {
    const token = await t.login('two-hats', 'two-hats-1');
    const res = await t.api('POST', '/user/switch_role', { token, body: { role_id: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('role_id');
  });
});
