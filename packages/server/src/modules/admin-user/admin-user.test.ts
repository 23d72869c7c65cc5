import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, EXPORT_PATH, ROLE_ADMIN, ROLE_CUSTOMER } from '@gw/contracts';
import { adminUser, customer, role, session as sessionTable } from '../../db/schema.js';
import { exportRunnerOf } from '../../jobs/export-runner.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { sheetRows } from '../../test/xlsx.js';

const MENU = '/system/admin_user';
type Res = Awaited<ReturnType<TestApp['api']>>;

describe('管理员 /system/admin_user', () => {
  let t: TestApp;
  let admin: string;
  const ids = { vendor: 0, A: 0, A1: 0, B: 0, operator: 0, manager: 0 };

  const refusedWith = (res: Res, message?: string) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    if (message) expect(res.json().message).toBe(message);
  };
  const create = (token: string, body: Record<string, unknown>) => t.api('POST', MENU, { token, body: { password: 'secret-123', ...body } });
  const createOk = async (body: Record<string, unknown>) => {
    const res = await create(admin, body);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data.id as number;
  };
  /** Whether a token still opens a session (body code 401 once revoked). */
  const alive = async (token: string) => (await t.api('GET', '/user/info', { token })).json().code === 200;
  const loginCode = async (username: string, password: string) =>
    (await t.api('POST', '/user/login', { body: { username, password } })).json().code as number;
  const stored = async (id: number) => (await t.db.select().from(adminUser).where(eq(adminUser.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'], env: { LOGIN_CAPTCHA: 'off' } });
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string, parent_id: number | null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
    ids.vendor = (await t.db.select().from(customer).where(eq(customer.is_vendor, true)))[0].id;
    ids.A = await company('A 集团', null);
    ids.A1 = await company('A1 工厂', ids.A);
    ids.B = await company('B 公司', null);
    const all = [{ menu: MENU, action: ALL_ACTIONS }];
    await t.db.update(role).set({ menus: all }).where(eq(role.id, ROLE_CUSTOMER));
    ids.operator = (await t.db.insert(role).values({ name: 'operator', menus: [{ menu: MENU, action: ACTION.query }] }).returning())[0].id;
    ids.manager = (await t.db.insert(role).values({ name: 'manager', menus: all }).returning())[0].id;
  });
  afterAll(() => t.close());

  it('creates a user with company and roles shown by name, never its password, and the user logs in', async () => {
    const res = await create(admin, { username: 'zhang', name: '张三', customer_id: ids.A1, roles: [ROLE_CUSTOMER, ROLE_CUSTOMER], email: 'z@example.com' });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { username: 'zhang', company_name: 'A1 工厂', customer_id: ids.A1, roles: [{ id: ROLE_CUSTOMER, name: '客户' }], enabled: true },
    });
    expect(res.body).not.toMatch(/password|scrypt/);
    const listed = (await t.api('GET', `${MENU}?keywords=zhang`, { token: admin })).json();
    expect(listed).toMatchObject({ count: 1, data: [{ company_name: 'A1 工厂', roles: [{ name: '客户' }] }] });
    expect(listed.data[0]).not.toHaveProperty('password_hash');
    expect(await t.login('zhang', 'secret-123')).toBeTruthy();
  });

  it('exports users with company and role names and never a password; there is no import of users', async () => {
    const queued = (await t.api('POST', `${MENU}/export`, { token: admin, body: { filters: { keywords: 'zhang' } } })).json();
    expect(queued).toMatchObject({ code: 200, data: { state: 'queued', title: '管理员' } });
    await exportRunnerOf(t.deps)!.idle();
    const file = await t.api('GET', `${EXPORT_PATH}/${queued.data.id}/download`, { token: admin });
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(['用户名', '姓名', '所属公司', '角色', '手机号', '邮箱', '状态', '最后登录', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([['zhang', '张三', 'A1 工厂', '客户', undefined, 'z@example.com', '启用']]);
    expect(rows[1][7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(file.rawPayload.toString('latin1')).not.toMatch(/scrypt|secret-123/);
    expect((await t.api('GET', `${MENU}/import/template`, { token: admin })).statusCode).toBe(404);
  });

  it('requires a password of 6 or more on create, and names the field', async () => {
    for (const body of [{ username: 'nopass', password: undefined }, { username: 'short', password: '12345' }]) {
      const res = await t.api('POST', MENU, { token: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('password');
    }
    refusedWith(await create(admin, { username: 'zhang' }), '用户名已存在');
  });

  it('resets a password: the user’s sessions end, the new password works, the admin stays logged in', async () => {
    const id = await createOk({ username: 'reset-me' });
    const session = await t.login('reset-me', 'secret-123');
    const res = await t.api('PUT', `${MENU}/${id}`, { token: admin, body: { password: 'new-pass-1' } });
    expect(res.json().code).toBe(200);
    expect(await alive(session)).toBe(false);
    expect(await alive(admin)).toBe(true);
    expect(await loginCode('reset-me', 'secret-123')).toBe(410);
    expect(await loginCode('reset-me', 'new-pass-1')).toBe(200);
    const renamed = await t.api('PUT', `${MENU}/${id}`, { token: admin, body: { name: '改名' } });
    expect(renamed.json().data.name).toBe('改名');
    expect(await loginCode('reset-me', 'new-pass-1')).toBe(200);
  });

  it('disabling a user ends its sessions and refuses its logins until enabled again', async () => {
    const id = await createOk({ username: 'disable-me' });
    const session = await t.login('disable-me', 'secret-123');
    expect((await t.api('PUT', `${MENU}/${id}`, { token: admin, body: { enabled: false } })).json().data.enabled).toBe(false);
    expect(await alive(session)).toBe(false);
    expect(await loginCode('disable-me', 'secret-123')).toBeGreaterThanOrEqual(300);
    await t.api('PUT', `${MENU}/${id}`, { token: admin, body: { enabled: true } });
    expect(await alive(session)).toBe(false);
    expect(await loginCode('disable-me', 'secret-123')).toBe(200);
  });

  it('lets nobody delete or disable themselves or the super user', async () => {
    const superId = (await t.db.select().from(adminUser).where(eq(adminUser.username, 'admin')))[0].id;
    const staffId = await createOk({ username: 'staff', roles: [ROLE_ADMIN], customer_id: ids.vendor });
    const staff = await t.login('staff', 'secret-123');
    refusedWith(await t.api('DELETE', `${MENU}/${superId}`, { token: admin }), '不能删除自己');
    refusedWith(await t.api('DELETE', `${MENU}/${superId}`, { token: staff }), '超级管理员不能删除');
    refusedWith(await t.api('PUT', `${MENU}/${superId}`, { token: staff, body: { enabled: false } }), '超级管理员不能禁用');
    refusedWith(await t.api('PUT', `${MENU}/${superId}`, { token: staff, body: { username: 'root' } }), '超级管理员的用户名不能修改');
    refusedWith(await t.api('PUT', `${MENU}/${staffId}`, { token: staff, body: { enabled: false } }), '不能禁用自己');
    refusedWith(await t.api('DELETE', `${MENU}/${staffId}`, { token: staff }), '不能删除自己');
    expect(await stored(superId)).toMatchObject({ username: 'admin', enabled: true });
    expect(await alive(staff)).toBe(true);
  });

  it('deletes in bulk all or nothing, and a deleted user’s sessions end at once', async () => {
    const one = await createOk({ username: 'bulk-1' });
    const two = await createOk({ username: 'bulk-2' });
    const session = await t.login('bulk-1', 'secret-123');
    const superId = (await t.db.select().from(adminUser).where(eq(adminUser.username, 'admin')))[0].id;
    refusedWith(await t.api('DELETE', MENU, { token: admin, body: { ids: [one, two, superId] } }));
    expect(await t.db.select().from(adminUser).where(inArray(adminUser.id, [one, two]))).toHaveLength(2);
    expect((await t.api('DELETE', MENU, { token: admin, body: { ids: [one, 999_999] } })).statusCode).toBe(404);
    expect(await alive(session)).toBe(true);
    expect((await t.api('DELETE', MENU, { token: admin, body: { ids: [one, two] } })).json()).toMatchObject({ code: 200, data: { deleted: 2 } });
    expect(await alive(session)).toBe(false);
    const open = await t.db.select().from(sessionTable).where(and(eq(sessionTable.user_id, one), isNull(sessionTable.revoked_at)));
    expect(open).toEqual([]);
    expect((await t.api('GET', `${MENU}/${one}`, { token: admin })).statusCode).toBe(404);
  });

  it('filters by company, role and enabled', async () => {
    await createOk({ username: 'f-op', roles: [ids.operator], customer_id: ids.B, enabled: false });
    const q = async (query: string) => (await t.api('GET', `${MENU}?limit=100&${query}`, { token: admin })).json().data.map((u: { username: string }) => u.username);
    expect(await q(`role_id=${ids.operator}`)).toEqual(['f-op']);
    expect(await q(`customer_id=${ids.B}`)).toEqual(['f-op']);
    expect(await q('enabled=false')).toEqual(['f-op']);
    expect(await q('enabled=true')).not.toContain('f-op');
  });

  describe('a customer administrator (scope own, company A)', () => {
    let cu: string;
    let inB: number;
    beforeAll(async () => {
      await createOk({ username: 'a-admin', roles: [ROLE_CUSTOMER], customer_id: ids.A });
      inB = await createOk({ username: 'b-user', roles: [ROLE_CUSTOMER], customer_id: ids.B });
      cu = await t.login('a-admin', 'secret-123');
    });

    it('lists, reads and edits only users of its own subtree', async () => {
      const res = (await t.api('GET', `${MENU}?limit=100`, { token: cu })).json();
      const names = res.data.map((u: { username: string }) => u.username).sort();
      expect(names).toEqual(['a-admin', 'zhang']);
      expect(res.count).toBe(2);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        expect((await t.api(method, `${MENU}/${inB}`, { token: cu, body: method === 'PUT' ? { name: 'x' } : undefined })).statusCode).toBe(404);
      }
      expect((await t.api('GET', `${MENU}?customer_id=${ids.B}`, { token: cu })).json().count).toBe(0);
    });

    it('creates and moves users only inside its subtree', async () => {
      refusedWith(await create(cu, { username: 'in-b', customer_id: ids.B }), '只能把用户放在本公司或下级公司');
      refusedWith(await create(cu, { username: 'no-company' }), '请选择所属公司');
      refusedWith(await create(cu, { username: 'null-company', customer_id: null }), '请选择所属公司');
      const made = await create(cu, { username: 'a1-new', customer_id: ids.A1, roles: [ROLE_CUSTOMER] });
      expect(made.json()).toMatchObject({ code: 200, data: { company_name: 'A1 工厂' } });
      const id = made.json().data.id;
      refusedWith(await t.api('PUT', `${MENU}/${id}`, { token: cu, body: { customer_id: ids.B } }));
      refusedWith(await t.api('PUT', `${MENU}/${id}`, { token: cu, body: { customer_id: null } }));
      expect((await stored(id)).customer_id).toBe(ids.A1);
    });

    it('grants only roles it holds, and leaves full-access users alone', async () => {
      refusedWith(await create(cu, { username: 'op', customer_id: ids.A, roles: [ids.operator] }), '不能授予自己没有的角色');
      refusedWith(await create(cu, { username: 'boss', customer_id: ids.A, roles: [ROLE_ADMIN] }), '不能授予自己没有的角色');
      const zhang = (await t.db.select().from(adminUser).where(eq(adminUser.username, 'zhang')))[0];
      refusedWith(await t.api('PUT', `${MENU}/${zhang.id}`, { token: cu, body: { roles: [ROLE_CUSTOMER, ids.operator] } }));
      // no longer made through the API (a customer's user gets no full access), but one left from before stays protected
      const full = await t.createUser({ username: 'full-in-a', roles: [ROLE_ADMIN], customer_id: ids.A });
      refusedWith(await t.api('PUT', `${MENU}/${full}`, { token: cu, body: { password: 'taken-over' } }), '不能修改或删除拥有全部权限的管理员');
      refusedWith(await t.api('DELETE', `${MENU}/${full}`, { token: cu }), '不能修改或删除拥有全部权限的管理员');
      expect(await stored(full)).toBeTruthy();
      const options = (await t.api('GET', `${MENU}/roles`, { token: cu })).json().data;
      expect(options).toEqual([{ id: ROLE_CUSTOMER, name: '客户', parent_id: null, refusal: null }]);
    });

    it('picks companies only from its subtree', async () => {
      const res = (await t.api('GET', `${MENU}/companies`, { token: cu })).json().data;
      expect(res.map((c: { id: number }) => c.id).sort()).toEqual([ids.A, ids.A1].sort());
      expect((await t.api('GET', `${MENU}/companies?keywords=B`, { token: cu })).json().data).toEqual([]);
      expect((await t.api('GET', `${MENU}/companies?keywords=B`, { token: admin })).json().data).toEqual([{ id: ids.B, company_name: 'B 公司' }]);
    });
  });

  it('holds the vendor staff without full access to the same grant rules', async () => {
    await createOk({ username: 'mgr', roles: [ids.manager], customer_id: ids.vendor });
    const mgr = await t.login('mgr', 'secret-123');
    refusedWith(await create(mgr, { username: 'escalate', roles: [ROLE_ADMIN] }), '不能授予自己没有的角色');
    const superId = (await t.db.select().from(adminUser).where(eq(adminUser.username, 'admin')))[0].id;
    refusedWith(await t.api('PUT', `${MENU}/${superId}`, { token: mgr, body: { password: 'hijack-1' } }));
    expect((await create(mgr, { username: 'b-mgr', roles: [ids.manager], customer_id: ids.B })).json().code).toBe(200);
    const roles = (await t.api('GET', `${MENU}/roles`, { token: admin })).json().data.map((r: { id: number }) => r.id);
    expect(roles).toEqual(expect.arrayContaining([ROLE_ADMIN, ROLE_CUSTOMER, ids.operator, ids.manager]));
  });

  it('needs the menu bit of each action: HTTP 401 otherwise', async () => {
    await createOk({ username: 'viewer', roles: [ids.operator], customer_id: ids.vendor });
    await createOk({ username: 'nobody', customer_id: ids.vendor });
    const viewer = await t.login('viewer', 'secret-123');
    const nobody = await t.login('nobody', 'secret-123');
    expect((await t.api('GET', MENU, { token: viewer })).json().code).toBe(200);
    expect((await create(viewer, { username: 'v-made' })).statusCode).toBe(401);
    expect((await t.api('PUT', `${MENU}/1`, { token: viewer, body: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.api('DELETE', `${MENU}/1`, { token: viewer })).statusCode).toBe(401);
    for (const url of [MENU, `${MENU}/1`, `${MENU}/roles`, `${MENU}/companies`]) {
      expect((await t.api('GET', url, { token: nobody })).statusCode, url).toBe(401);
    }
  });
});
