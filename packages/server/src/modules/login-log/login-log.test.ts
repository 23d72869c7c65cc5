import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ROLE_CUSTOMER } from '@gw/contracts';
import { customer, loginLog, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MENU = '/system/login_log';
const ROWS = 100_000;
type Page = { code: number; data: { id: number; username: string; created_at: string; company_name: string | null }[] } & Record<string, unknown>;

/**
 * The list machine on a 100,000-row table. Row g (1..100,000) is an attempt by `user{g % 1000}` from
 * 10.0.{g % 250}.{g % 200} at 2024-01-01 00:00 (China time) + g minutes; every fourth fails; it belongs to
 * company A when g % 10 = 0, A1 (below A) when 1, B when 2, and to no company otherwise.
 */
describe('list machine on 100,000 login-log rows', () => {
  let t: TestApp;
  let admin: string;
  let userA: string;
  let userA1: string;
  let noBits: string;
  const ids = { A: 0, A1: 0, B: 0 };

  const page = async (query: string, token = admin): Promise<Page> => {
    const res = await t.api('GET', `${MENU}?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const minutesOf = (row: { created_at: string }) => (Date.parse(row.created_at) - Date.parse('2024-01-01T00:00:00+08:00')) / 60_000;

  beforeAll(async () => {
    t = await createTestApp();
    const company = async (company_name: string, parent_id: number | null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
    ids.A = await company('A 集团', null);
    ids.A1 = await company('A1 工厂', ids.A);
    ids.B = await company('B 公司', null);
    await t.db.update(role).set({ menus: [{ menu: MENU, action: ACTION.query }] }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'a-admin', roles: [ROLE_CUSTOMER], customer_id: ids.A });
    await t.createUser({ username: 'a1-admin', roles: [ROLE_CUSTOMER], customer_id: ids.A1 });
    await t.createUser({ username: 'nobody' });
    admin = await t.login('admin', ADMIN_PASSWORD);
    userA = await t.login('a-admin', 'secret-123');
    userA1 = await t.login('a1-admin', 'secret-123');
    noBits = await t.login('nobody', 'secret-123');
    // the logins above are attempts too; the table holds exactly the generated rows
    await t.db.delete(loginLog);
    await t.db.execute(sql`
      insert into login_log (customer_id, username, ip, user_agent, success, reason, created_at)
      select case g % 10 when 0 then ${ids.A}::int when 1 then ${ids.A1}::int when 2 then ${ids.B}::int end,
             'user' || (g % 1000), '10.0.' || (g % 250) || '.' || (g % 200), 'Mozilla/5.0 test', g % 4 <> 0,
             case when g % 4 = 0 then 'password' else 'ok' end,
             timestamptz '2024-01-01 00:00:00+08' + g * interval '1 minute'
        from generate_series(1, ${ROWS}) as g`);
  }, 120_000);
  afterAll(() => t.close());

  it('pages through all rows: count, start, next and previous, the last page and past it', async () => {
    const first = await page('page=1&limit=20');
    expect(first).toMatchObject({ code: 200, count: ROWS, start: 0, limit: 20, next: 2, previous: null });
    expect(first.data).toHaveLength(20);
    expect(first.data.map(minutesOf)).toEqual(Array.from({ length: 20 }, (_, i) => ROWS - i));

    const second = await page('page=2&limit=20');
    expect(second).toMatchObject({ count: ROWS, start: 20, next: 3, previous: 1 });
    expect(minutesOf(second.data[0])).toBe(ROWS - 20);

    const last = await page(`page=${ROWS / 20}&limit=20`);
    expect(last).toMatchObject({ count: ROWS, start: ROWS - 20, next: null, previous: ROWS / 20 - 1 });
    expect(last.data.map(minutesOf)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));

    const beyond = await page(`page=${ROWS / 20 + 1}&limit=20`);
    expect(beyond).toMatchObject({ count: ROWS, data: [], next: null });

    expect((await page('page=3&limit=1000')).data).toHaveLength(1000);
    expect((await t.api('GET', `${MENU}?limit=1001`, { token: admin })).statusCode).toBe(400);
  });

  it('searches the keywords in username and ip, taking % and _ literally', async () => {
    expect((await page('keywords=user999')).count).toBe(100);
    const byIp = await page('keywords=.249.&limit=5');
    expect(byIp.count).toBe(400);
    expect(byIp.data.every((r) => minutesOf(r) % 250 === 249)).toBe(true);
    expect((await page('keywords=user_9')).count).toBe(0);
    expect((await page('keywords=%25')).count).toBe(0);
  });

  it('narrows to a date range: whole days in China time, or exact times', async () => {
    expect((await page('start_date=2024-01-02&end_date=2024-01-02')).count).toBe(1440);
    const hour = await page('start_date=2024-01-02 08:00&end_date=2024-01-02 09:00:00&limit=100');
    expect(hour.count).toBe(61);
    expect(Math.min(...hour.data.map(minutesOf))).toBe(1920);
    expect(Math.max(...hour.data.map(minutesOf))).toBe(1980);
    expect((await page('start_date=2024-03-10')).count).toBe(ROWS - 69 * 1440 + 1);
    const bad = await t.api('GET', `${MENU}?start_date=2024-02-30`, { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('start_date');
  });

  it('sorts both ways by a declared column and refuses an undeclared one', async () => {
    expect((await page('sort=created_at&limit=3')).data.map(minutesOf)).toEqual([1, 2, 3]);
    expect((await page('sort=-created_at&limit=3')).data.map(minutesOf)).toEqual([ROWS, ROWS - 1, ROWS - 2]);
    const byName = (await page('sort=username&limit=200')).data.map((r) => r.username);
    expect(byName.slice(0, 100).every((u) => u === 'user0')).toBe(true);
    expect(byName[100]).toBe('user1');
    expect((await page('sort=-username&limit=1')).data[0].username).toBe('user999');
    // equal sort values are broken by id, so consecutive pages neither repeat nor skip a row
    const p1 = (await page('sort=username&limit=30&page=3')).data.map(minutesOf);
    const p2 = (await page('sort=username&limit=30&page=4')).data.map(minutesOf);
    expect(new Set([...p1, ...p2]).size).toBe(60);
    const refused = await t.api('GET', `${MENU}?sort=user_agent`, { token: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('sort');
  });

  it('filters by result and username, alone and together with the other parameters', async () => {
    expect((await page('success=false')).count).toBe(ROWS / 4);
    expect((await page('success=true')).count).toBe((ROWS * 3) / 4);
    expect((await page('success=false&limit=50')).data.every((r) => minutesOf(r) % 4 === 0)).toBe(true);
    expect((await page('username=USER999')).count).toBe(100);
    expect((await page('username=user12&success=false')).count).toBe(400);
    expect((await page('username=user12&success=false&start_date=2024-01-01&end_date=2024-01-07')).count).toBe(41);
    const bad = await t.api('GET', `${MENU}?success=maybe`, { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('success');
  });

  it('shows a customer administrator only its subtree, counted and paged right, with company names', async () => {
    const a = await page('limit=20', userA);
    expect(a).toMatchObject({ count: ROWS / 5, next: 2 });
    expect(new Set(a.data.map((r) => r.company_name))).toEqual(new Set(['A 集团', 'A1 工厂']));
    const a1 = await page('limit=20', userA1);
    expect(a1.count).toBe(ROWS / 10);
    expect(a1.data.every((r) => r.company_name === 'A1 工厂' && minutesOf(r) % 10 === 1)).toBe(true);
    expect((await page(`page=${ROWS / 200}&limit=20`, userA1)).next).toBeNull();
    expect((await page('success=false&keywords=user1', userA1)).count).toBe(0);
    // user1, user11, user101, user111 … user191 end in 1 like A1's rows: 12 names × 100 rows
    expect((await page('success=true&keywords=user1', userA1)).count).toBe(1200);
  });

  it('answers a row outside the caller subtree like a missing one', async () => {
    const [ofB] = await t.db.select({ id: loginLog.id }).from(loginLog).where(eq(loginLog.customer_id, ids.B)).limit(1);
    const [ofA1] = await t.db.select({ id: loginLog.id }).from(loginLog).where(eq(loginLog.customer_id, ids.A1)).limit(1);
    expect((await t.api('GET', `${MENU}/${ofB.id}`, { token: userA })).statusCode).toBe(404);
    expect((await t.api('GET', `${MENU}/${ofA1.id}`, { token: userA })).json().data).toMatchObject({ id: ofA1.id, company_name: 'A1 工厂' });
    expect((await t.api('GET', `${MENU}/${ofB.id}`, { token: admin })).json().data.company_name).toBe('B 公司');
  });

  it('exports with the export bit only', async () => {
    const res = await t.api('POST', `${MENU}/export`, { token: admin, body: { filters: { success: 'false' } } });
    expect(res.json()).toMatchObject({ code: 200, data: { resource: MENU } });
    expect((await t.api('POST', `${MENU}/export`, { token: userA, body: {} })).statusCode).toBe(401);
  });

  it('is read-only and refuses a user without the query bit with HTTP 401', async () => {
    expect((await t.api('GET', MENU, { token: noBits })).statusCode).toBe(401);
    for (const [method, url] of [['POST', MENU], ['PUT', `${MENU}/1`], ['DELETE', `${MENU}/1`], ['DELETE', MENU]] as const) {
      expect((await t.api(method, url, { token: admin, body: { ids: [1] } })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await page('limit=1')).count).toBe(ROWS);
  });
});
