import { eq } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, operationLog, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

describe('GET and PUT /user/info', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const info = async (token: string) => (await t.api('GET', '/user/info', { token })).json();
  const update = (token: string, body: Record<string, unknown>) => t.api('PUT', '/user/info', { token, body });

  it('describes the super user: its profile fields, its company and the admin role', async () => {
    const [vendor] = await t.db.select().from(customer).where(eq(customer.is_vendor, true));
    const { code, data } = await info(await t.login('admin', ADMIN_PASSWORD));
    expect(code).toBe(200);
    expect(data).toMatchObject({
      username: 'admin',
      name: '超级管理员',
      avatar: '',
      email: '',
      wx_openid: '',
      roles: [{ id: ROLE_ADMIN, name: '超级管理员' }],
      role_menu: [],
      super_user: true,
      scope: 'all',
      custom: { id: vendor.id, company_name: vendor.company_name, name: vendor.name },
    });
  });

  it('shows a user without roles or company with empty lists and no company', async () => {
    await t.createUser({ username: 'plain', password: 'plain-pass' });
    const { data } = await info(await t.login('plain', 'plain-pass'));
    expect(data).toMatchObject({ username: 'plain', roles: [], all_roles: [], role_menu: [], super_user: false, scope: 'own', custom: null });
  });

  it('merges the menus of several roles, OR-ing the action bits of a shared menu', async () => {
    await t.db
      .update(role)
      .set({ menus: [{ menu: '/device/device', action: 1 }, { menu: '/system/log', action: 17 }] })
      .where(eq(role.id, ROLE_ADMIN));
    await t.db
      .update(role)
      .set({ menus: [{ menu: '/device/device', action: 6 }, { menu: '/manager/custom', action: 1 }] })
      .where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'merged', password: 'merged-pass', roles: [ROLE_ADMIN, ROLE_CUSTOMER] });

    const { data } = await info(await t.login('merged', 'merged-pass'));
    expect(data.roles).toEqual([
      { id: ROLE_ADMIN, name: '超级管理员' },
      { id: ROLE_CUSTOMER, name: '客户' },
    ]);
    expect(data.role_menu).toHaveLength(3);
    expect(data.role_menu).toEqual(
      expect.arrayContaining([
        { menu: '/device/device', action: 7 },
        { menu: '/system/log', action: 17 },
        { menu: '/manager/custom', action: 1 },
      ]),
    );
  });

  it('changes name, phone and email and shows them afterwards', async () => {
    await t.createUser({ username: 'editor', password: 'editor-pass' });
    const token = await t.login('editor', 'editor-pass');
    const res = await update(token, { name: '张三', phone: '138 0000 0000', email: 'zhang@example.com' });
    expect(res.json()).toMatchObject({ code: 200, data: { name: '张三', phone: '138 0000 0000', email: 'zhang@example.com' } });
    expect((await info(token)).data).toMatchObject({ name: '张三', phone: '138 0000 0000', email: 'zhang@example.com' });

    expect((await update(token, { email: '' })).json().data.email).toBe('');
  });

  it('writes the operation log with the acting user and before/after values, masking the password', async () => {
    const id = await t.createUser({ username: 'audited', password: 'audited-pass' });
    const token = await t.login('audited', 'audited-pass');
    await update(token, { name: '审计', old_password: 'audited-pass', password: 'audited-pass-2' });

    const rows = await t.db.select().from(operationLog).where(eq(operationLog.record_id, String(id)));
    const change = rows.find((r) => r.table_name === 'admin_user' && r.action === 3);
    expect(change).toMatchObject({ user_id: id, username: 'audited' });
    expect(change!.changes).toEqual(
      expect.arrayContaining([
        { key: 'name', before: 'audited', after: '审计' },
        { key: 'password_hash', before: '******', after: '******' },
      ]),
    );
  });

  it('refuses an empty name or a malformed phone with 400 and keeps the stored values', async () => {
    await t.createUser({ username: 'careful', password: 'careful-pass' });
    const token = await t.login('careful', 'careful-pass');
    const noName = await update(token, { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('姓名不能为空');
    expect((await update(token, { phone: 'call me' })).statusCode).toBe(400);
    expect((await info(token)).data).toMatchObject({ name: 'careful', phone: '' });
  });

  it('does not let the profile form change roles or username', async () => {
    await t.createUser({ username: 'sneaky', password: 'sneaky-pass' });
    const token = await t.login('sneaky', 'sneaky-pass');
    const res = await update(token, { name: 'Sneaky', roles: [ROLE_ADMIN], username: 'admin2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/roles: 不接受此字段.*username: 不接受此字段/);
    const { data } = await info(token);
    expect(data).toMatchObject({ username: 'sneaky', roles: [] });
    expect(data.name).not.toBe('Sneaky');
  });

  describe('password change', () => {
    beforeAll(() => t.createUser({ username: 'rotator', password: 'first-pass' }));

    it('needs the old password: missing → 400, wrong → 410, and nothing changes', async () => {
      const token = await t.login('rotator', 'first-pass');
      const missing = await update(token, { password: 'second-pass' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('原密码');

      const wrong = await update(token, { old_password: 'not-it', password: 'second-pass' });
      expect(wrong.statusCode).toBe(410);
      expect(wrong.json()).toMatchObject({ code: 410, data: null });

      await expect(t.login('rotator', 'second-pass')).rejects.toThrow(/ 410 /);
      expect(await t.login('rotator', 'first-pass')).toEqual(expect.any(String));
    });

    it('refuses a new password shorter than 6 characters', async () => {
      const token = await t.login('rotator', 'first-pass');
      const res = await update(token, { old_password: 'first-pass', password: '12345' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('新密码至少 6 位');
    });

    it('switches to the new password and ends every other session of the user', async () => {
      const current = await t.login('rotator', 'first-pass');
      const elsewhere = await t.login('rotator', 'first-pass');

      const res = await update(current, { old_password: 'first-pass', password: 'second-pass' });
      expect(res.json().code).toBe(200);

      expect((await info(current)).code).toBe(200);
      expect((await info(elsewhere)).code).toBe(401);
      await expect(t.login('rotator', 'first-pass')).rejects.toThrow(/ 410 /);
      expect((await info(await t.login('rotator', 'second-pass'))).data.username).toBe('rotator');
    });

    it('counts wrong old passwords like failed logins: five lock the change for 15 minutes', async () => {
      await t.createUser({ username: 'guessed', password: 'real-pass' });
      const token = await t.login('guessed', 'real-pass');
      for (let i = 0; i < 5; i++) expect((await update(token, { old_password: `guess-${i}`, password: 'taken-over' })).statusCode).toBe(410);

      const locked = await update(token, { old_password: 'real-pass', password: 'taken-over' });
      expect(locked.json().code).toBeGreaterThanOrEqual(300);
      expect(locked.json().message).toContain('锁定');

      t.clock.advance(15 * 60_000 + 1000);
      expect((await update(token, { old_password: 'real-pass', password: 'second-real' })).json().code).toBe(200);
    });
  });
});
