import { and, asc, eq, gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION } from '@gw/contracts';
import { adminUser, operationLog } from '../db/schema.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../test/harness.js';

const MENU = '/manager/custom';
const IP = '203.0.113.7';

describe('operation log (audit trigger)', () => {
  let t: TestApp;
  let admin: string;
  let adminRow: typeof adminUser.$inferSelect;
  /** Log rows are read relative to this mark, so each test sees only its own. */
  let mark = 0;

  const call = (method: InjectOptions['method'], url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, remoteAddress: IP, headers: { token }, ...(payload ? { payload } : {}) });
  const since = () => t.db.select().from(operationLog).where(gt(operationLog.id, mark)).orderBy(asc(operationLog.id));
  async function setMark(): Promise<void> {
    const rows = await t.db.select({ id: operationLog.id }).from(operationLog);
    mark = Math.max(0, ...rows.map((r) => r.id));
  }
  const actor = () => ({ user_id: adminRow.id, username: 'admin', customer_id: adminRow.customer_id, ip: IP });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    [adminRow] = await t.db.select().from(adminUser).where(eq(adminUser.username, 'admin'));
  });
  afterAll(() => t.close());

  it('logs one add, one modify of only the changed fields, and one delete, with who and where', async () => {
    await setMark();
    const created = await call('POST', MENU, admin, { company_name: '审计公司', contact: '李四' });
    const id = created.json().data.id as number;
    let rows = await since();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: LOG_ACTION.add, table_name: 'customer', record_id: String(id), ...actor() });
    const added = Object.fromEntries(rows[0].changes.map((c) => [c.key, c]));
    expect(added.company_name).toEqual({ key: 'company_name', before: null, after: '审计公司' });
    expect(added.contact).toEqual({ key: 'contact', before: null, after: '李四' });
    expect(added).not.toHaveProperty('created_at');
    expect(added).not.toHaveProperty('updated_at');

    await setMark();
    await call('PUT', `${MENU}/${id}`, admin, { company_name: '审计公司(改)', contact: '李四', phone: '13800000000' });
    rows = await since();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: LOG_ACTION.modify, table_name: 'customer', record_id: String(id), ...actor() });
    expect(rows[0].changes).toEqual([
      { key: 'company_name', before: '审计公司', after: '审计公司(改)' },
      { key: 'phone', before: '', after: '13800000000' },
    ]);

    await setMark();
    await call('DELETE', `${MENU}/${id}`, admin);
    rows = await since();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: LOG_ACTION.delete, table_name: 'customer', record_id: String(id), ...actor() });
    expect(rows[0].changes).toContainEqual({ key: 'company_name', before: '审计公司(改)', after: null });
  });

  it('writes nothing for an update that changes nothing', async () => {
    const id = (await call('POST', MENU, admin, { company_name: '不变公司', remark: 'r' })).json().data.id;
    await setMark();
    const same = await call('PUT', `${MENU}/${id}`, admin, { company_name: '不变公司', remark: 'r' });
    expect(same.json().code).toBe(200);
    await call('PUT', `${MENU}/${id}`, admin, {});
    expect(await since()).toEqual([]);
  });

  it('writes nothing for a refused or failed write', async () => {
    const id = (await call('POST', MENU, admin, { company_name: '上级' })).json().data.id;
    await call('POST', MENU, admin, { company_name: '下级', parent_id: id });
    await setMark();
    expect((await call('DELETE', `${MENU}/${id}`, admin)).json().code).toBeGreaterThanOrEqual(300);
    expect((await call('PUT', `${MENU}/${id}`, admin, { company_name: '' })).statusCode).toBe(400);
    expect(await since()).toEqual([]);
  });

  it('masks the password hash when a user changes its password, and logs the profile fields in clear', async () => {
    await t.createUser({ username: 'changer', password: 'old-secret-1' });
    const token = await t.login('changer', 'old-secret-1');
    const [user] = await t.db.select().from(adminUser).where(eq(adminUser.username, 'changer'));
    await setMark();
    const res = await call('PUT', '/user/info', token, { old_password: 'old-secret-1', password: 'new-secret-2', name: '改名了' });
    expect(res.json().code).toBe(200);
    const rows = await since();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: LOG_ACTION.modify, table_name: 'admin_user', record_id: String(user.id), user_id: user.id, username: 'changer', ip: IP });
    expect(rows[0].changes).toEqual([
      { key: 'name', before: 'changer', after: '改名了' },
      { key: 'password_hash', before: '******', after: '******' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('scrypt');
  });

  it('writes nothing when a login stamps last_login_at', async () => {
    await setMark();
    await t.login('admin', ADMIN_PASSWORD, IP);
    const [after] = await t.db.select().from(adminUser).where(eq(adminUser.id, adminRow.id));
    expect(after.last_login_at?.getTime()).toBeGreaterThan(adminRow.last_login_at?.getTime() ?? 0);
    expect(await since()).toEqual([]);
  });

  it('logs a change of the own company through /user/custom_info under the caller', async () => {
    await setMark();
    await call('PUT', '/user/custom_info', admin, { remark: '运营方备注' });
    const rows = await t.db
      .select()
      .from(operationLog)
      .where(and(gt(operationLog.id, mark), eq(operationLog.table_name, 'customer')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: LOG_ACTION.modify, record_id: String(adminRow.customer_id), ...actor() });
    expect(rows[0].changes).toEqual([{ key: 'remark', before: '', after: '运营方备注' }]);
  });
});
