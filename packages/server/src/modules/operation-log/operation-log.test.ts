import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, LOG_ACTION, ROLE_CUSTOMER } from '@gw/contracts';
import { adminUser, customer, operationLog, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MENU = '/system/log';
type Log = { id: number; action: number; table_name: string; table_title: string; record_id: string; username: string; changes: { key: string; comment: string; before: unknown; after: unknown }[] };

describe('操作日志 /system/log', () => {
  let t: TestApp;
  let admin: string;
  let cu: string;
  let adminId = 0;
  const ids = { A: 0, A1: 0, B: 0 };

  const logs = async (query: string, token = admin) => {
    const res = await t.api('GET', `${MENU}?limit=100&${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number; data: Log[] }>();
  };
  const change = (log: Log, key: string) => log.changes.find((c) => c.key === key);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    adminId = (await t.db.select().from(adminUser).where(eq(adminUser.username, 'admin')))[0].id;
    await t.db.delete(operationLog); // the seed's rows
    const post = async (company_name: string, parent_id?: number) =>
      (await t.api('POST', '/manager/custom', { token: admin, body: { company_name, parent_id } })).json().data.id as number;
    ids.A = await post('A 集团');
    ids.A1 = await post('A1 工厂', ids.A);
    ids.B = await post('B 公司');
    await t.api('PUT', `/manager/custom/${ids.B}`, { token: admin, body: { company_name: 'B 公司(改)', contact: '王五' } });
    await t.api('POST', '/system/admin_user', { token: admin, body: { username: 'logged', password: 'secret-123', customer_id: ids.A1 } });
    const menus = [{ menu: MENU, action: ACTION.query }, { menu: '/manager/custom', action: ALL_ACTIONS }];
    await t.db.update(role).set({ menus }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'a1-admin', roles: [ROLE_CUSTOMER], customer_id: ids.A1 });
    cu = await t.login('a1-admin', 'secret-123');
    await t.api('PUT', `/manager/custom/${ids.A1}`, { token: cu, body: { remark: '客户自己改的' } });
    await t.api('DELETE', `/manager/custom/${ids.B}`, { token: admin });
    // fixtures written straight to the database are logged without a user; only the API calls above count here
    await t.db.delete(operationLog).where(eq(operationLog.username, ''));
  });
  afterAll(() => t.close());

  it('lists every change newest first, with the table’s title and who made it', async () => {
    const all = await logs('');
    expect(all.data.map((l) => [l.action, l.table_name, l.username])).toEqual([
      [LOG_ACTION.delete, 'customer', 'admin'],
      [LOG_ACTION.modify, 'customer', 'a1-admin'],
      [LOG_ACTION.add, 'admin_user', 'admin'],
      [LOG_ACTION.modify, 'customer', 'admin'],
      [LOG_ACTION.add, 'customer', 'admin'],
      [LOG_ACTION.add, 'customer', 'admin'],
      [LOG_ACTION.add, 'customer', 'admin'],
    ]);
    expect(all.data[0]).toMatchObject({ table_title: '客户', record_id: String(ids.B) });
  });

  it('filters by action, user, username, table and date range', async () => {
    expect((await logs(`action=${LOG_ACTION.modify}`)).data.map((l) => l.username)).toEqual(['a1-admin', 'admin']);
    expect((await logs(`action=${LOG_ACTION.add}&table_name=admin_user`)).count).toBe(1);
    expect((await logs(`user_id=${adminId}`)).count).toBe(6);
    expect((await logs('username=A1-ADM')).count).toBe(1);
    expect((await logs('table_name=role')).count).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await logs(`start_date=${today}&end_date=${today}`)).count).toBe(7);
    expect((await logs('end_date=2020-01-01')).count).toBe(0);
    expect((await t.api('GET', `${MENU}?action=4`, { token: admin })).statusCode).toBe(400);
    // a zone no clock has: the date is refused, not passed on to the database
    const odd = await t.api('GET', `${MENU}?start_date=${encodeURIComponent('1970-01-01T00:00:00+99:00')}`, { token: admin });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('start_date');
  });

  it('shows the change table of one entry: key, comment, before and after', async () => {
    const [modified] = (await logs(`action=${LOG_ACTION.modify}&user_id=${adminId}`)).data;
    const detail = (await t.api('GET', `${MENU}/${modified.id}`, { token: admin })).json().data as Log;
    expect(detail.changes).toEqual([
      { key: 'company_name', comment: '公司名称', before: 'B 公司', after: 'B 公司(改)' },
      { key: 'contact', comment: '联系人', before: '', after: '王五' },
    ]);
    const [deleted] = (await logs(`action=${LOG_ACTION.delete}`)).data;
    expect(change(deleted, 'company_name')).toEqual({ key: 'company_name', comment: '公司名称', before: 'B 公司(改)', after: null });
    const [user] = (await logs('table_name=admin_user')).data;
    expect(change(user, 'password_hash')).toEqual({ key: 'password_hash', comment: '密码', before: null, after: '******' });
    expect(change(user, 'roles')).toMatchObject({ comment: '角色', after: [] });
  });

  it('labels an unknown table or column with an empty comment', async () => {
    const [row] = await t.db
      .insert(operationLog)
      .values({ action: LOG_ACTION.modify, table_name: 'gadget', record_id: '9', changes: [{ key: 'colour', before: 'red', after: 'blue' }] })
      .returning();
    const detail = (await t.api('GET', `${MENU}/${row.id}`, { token: admin })).json().data;
    expect(detail).toMatchObject({ table_title: 'gadget', changes: [{ key: 'colour', comment: '', before: 'red', after: 'blue' }] });
    await t.db.delete(operationLog).where(eq(operationLog.id, row.id));
  });

  it('shows a customer administrator only the changes made within its subtree', async () => {
    const mine = await logs('', cu);
    expect(mine.count).toBe(1);
    expect(mine.data[0]).toMatchObject({ username: 'a1-admin', record_id: String(ids.A1) });
    const [others] = (await logs(`user_id=${adminId}`)).data;
    expect((await t.api('GET', `${MENU}/${others.id}`, { token: cu })).statusCode).toBe(404);
    expect((await logs(`user_id=${adminId}`, cu)).count).toBe(0);
  });

  it('exports with the export bit only, under the list’s filters', async () => {
    const res = await t.api('POST', `${MENU}/export`, { token: admin, body: { filters: { action: LOG_ACTION.modify } } });
    expect(res.json()).toMatchObject({ code: 200, data: { resource: MENU } });
    expect((await t.api('POST', `${MENU}/export`, { token: cu, body: {} })).statusCode).toBe(401);
  });

  it('is read-only and needs the query bit', async () => {
    await t.createUser({ username: 'nobody' });
    const nobody = await t.login('nobody', 'secret-123');
    expect((await t.api('GET', MENU, { token: nobody })).statusCode).toBe(401);
    for (const [method, url] of [['POST', MENU], ['PUT', `${MENU}/1`], ['DELETE', `${MENU}/1`]] as const) {
      expect((await t.api(method, url, { token: admin, body: {} })).statusCode).toBe(404);
    }
    expect((await t.db.select().from(customer).where(eq(customer.id, ids.A)))[0]).toBeTruthy();
  });
});
