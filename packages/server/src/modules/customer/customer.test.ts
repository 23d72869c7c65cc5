import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MENU = '/manager/custom';
type C = { id: number; company_name: string; parent_id: number | null };

describe('customer list and CRUD (/manager/custom)', () => {
  let t: TestApp;
  let admin: string;
  /** 25 made here plus the vendor's own record. */
  const TOTAL = 26;
  const made: C[] = [];

  const get = (query: string) => t.api('GET', `${MENU}?${query}`, { token: admin });
  const names = (body: { data: C[] }) => body.data.map((c) => c.company_name);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    const fixed = ['sortkey charlie', 'sortkey alpha', 'sortkey bravo', '苏州精密机械有限公司', '100%_纯利'];
    for (let i = 0; i < 25; i++) {
      const company_name = fixed[i] ?? `filler ${String(i).padStart(2, '0')}`;
      const res = await t.api('POST', MENU, { token: admin, body: { company_name, contact: i === 5 ? '苏州联系人' : '' } });
      made.push(res.json().data);
    }
  });
  afterAll(() => t.close());

  it('pages with count, start, next and previous', async () => {
    const first = (await get('page=1&limit=10')).json();
    expect(first).toMatchObject({ code: 200, count: TOTAL, start: 0, limit: 10, next: 2, previous: null });
    expect(first.data).toHaveLength(10);

    const middle = (await get('page=2&limit=10')).json();
    expect(middle).toMatchObject({ count: TOTAL, start: 10, next: 3, previous: 1 });

    const last = (await get('page=3&limit=10')).json();
    expect(last).toMatchObject({ count: TOTAL, start: 20, next: null, previous: 2 });
    expect(last.data).toHaveLength(6);

    const seen = [...first.data, ...middle.data, ...last.data].map((c: C) => c.id);
    expect(new Set(seen).size).toBe(TOTAL);

    const beyond = (await get('page=9&limit=10')).json();
    expect(beyond).toMatchObject({ code: 200, count: TOTAL, data: [], next: null, previous: 8 });
  });

  it('defaults to newest first, 20 a page', async () => {
    const body = (await t.api('GET', MENU, { token: admin })).json();
    expect(body).toMatchObject({ limit: 20, next: 2 });
    expect(body.data[0].id).toBe(made[24].id);
  });

  it('finds by keywords in the company name and the other text columns, taking % and _ literally', async () => {
    const byName = (await get(`keywords=${encodeURIComponent('精密')}`)).json();
    expect(names(byName)).toEqual(['苏州精密机械有限公司']);
    const byContact = (await get(`keywords=${encodeURIComponent('苏州')}`)).json();
    expect(byContact.count).toBe(2);
    expect(names((await get(`keywords=${encodeURIComponent('%_')}`)).json())).toEqual(['100%_纯利']);
    expect((await get('keywords=%25')).json().count).toBe(1);
    expect((await get('keywords=SORTKEY')).json().count).toBe(3);
  });

  it('sorts by a declared column in either direction', async () => {
    const desc = (await get('sort=-id&limit=100')).json().data.map((c: C) => c.id);
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
    const asc = (await get('sort=id&limit=100')).json().data.map((c: C) => c.id);
    expect(asc).toEqual([...desc].reverse());
    expect(names((await get('keywords=sortkey&sort=company_name')).json())).toEqual(['sortkey alpha', 'sortkey bravo', 'sortkey charlie']);
    expect(names((await get('keywords=sortkey&sort=-company_name')).json())).toEqual(['sortkey charlie', 'sortkey bravo', 'sortkey alpha']);
  });

  it('answers an unknown sort key or a bad date with 400 naming the parameter', async () => {
    for (const sort of ['password', 'id;drop table customer', '-']) {
      const res = await get(`sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null, message: expect.stringContaining('sort') });
    }
    for (const field of ['start_date', 'end_date']) {
      const res = await get(`${field}=yesterday`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await get('page=0')).statusCode).toBe(400);
    expect((await get('limit=100000')).statusCode).toBe(400);
  });

  it('filters by creation date, both ends of the range included, days in China time', async () => {
    const [a, b, c] = made.slice(10, 13);
    const at = (id: number, iso: string) => t.db.update(customer).set({ created_at: new Date(iso) }).where(eq(customer.id, id));
    await at(a.id, '2020-01-01T00:00:00+08:00'); // first instant of the range
    await at(b.id, '2020-01-15T23:30:00+08:00'); // late on the last day
    await at(c.id, '2020-01-16T00:00:00+08:00'); // the day after
    const inRange = (await get('start_date=2020-01-01&end_date=2020-01-15')).json();
    expect(inRange.data.map((r: C) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await get('end_date=2020-01-16')).json().count).toBe(3);
    expect((await get('start_date=2020-01-16&end_date=2020-12-31')).json().count).toBe(1);
    expect((await get('start_date=2021-01-01')).json().count).toBe(TOTAL - 3);
    expect((await get(`start_date=${encodeURIComponent('2020-01-15T15:00:00Z')}&end_date=2020-01-15`)).json().count).toBe(1);
    // a time without a zone is China time too, whatever the server's own zone
    expect((await get(`end_date=${encodeURIComponent('2020-01-15 23:00:00')}`)).json().count).toBe(1);
    expect((await get(`start_date=${encodeURIComponent('2020-01-15 23:00')}`)).json().count).toBe(TOTAL - 1);
    for (const bad of ['2020-02-30', '2020-01-15 24:10', 'March 7, 2020', '2020-1-5']) {
      expect((await get(`start_date=${encodeURIComponent(bad)}`)).statusCode, bad).toBe(400);
    }
  });

  it('validates the body: names the field, refuses an empty company name', async () => {
    const empty = await t.api('POST', MENU, { token: admin, body: { company_name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('公司名称不能为空');
    const uscc = await t.api('POST', MENU, { token: admin, body: { company_name: 'x', uscc: '123' } });
    expect(uscc.statusCode).toBe(400);
    expect(uscc.json().message).toContain('统一社会信用代码格式不正确');
  });

  it('refuses to delete a company that still has subsidiaries or users, or the platform itself', async () => {
    const parent = made[20].id;
    const child = (await t.api('POST', MENU, { token: admin, body: { company_name: '下级', parent_id: parent } })).json().data.id;
    const refused = await t.api('DELETE', `${MENU}/${parent}`, { token: admin });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ code: 300, message: expect.stringContaining('下级公司') });

    await t.createUser({ username: 'worker', customer_id: child });
    expect((await t.api('DELETE', `${MENU}/${child}`, { token: admin })).json().message).toContain('用户');

    const [vendor] = await t.db.select().from(customer).where(eq(customer.is_vendor, true));
    expect((await t.api('DELETE', `${MENU}/${vendor.id}`, { token: admin })).json().code).toBeGreaterThanOrEqual(300);
    const still = await t.db.select({ id: customer.id }).from(customer).where(inArray(customer.id, [parent, child, vendor.id]));
    expect(still).toHaveLength(3);

    const leaf = made[21].id;
    expect((await t.api('DELETE', `${MENU}/${leaf}`, { token: admin })).json()).toMatchObject({ code: 200, data: null });
    expect((await t.api('GET', `${MENU}/${leaf}`, { token: admin })).statusCode).toBe(404);
    expect((await t.api('DELETE', `${MENU}/${leaf}`, { token: admin })).statusCode).toBe(404);
  });

  it('pages through equal sort values without repeating or skipping a row', async () => {
    for (let i = 0; i < 7; i++) await t.api('POST', MENU, { token: admin, body: { company_name: 'same name' } });
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await get(`keywords=same&sort=company_name&limit=3&page=${page}`)).json();
      seen.push(...body.data.map((c: C) => c.id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('never lets two concurrent moves make a cycle', async () => {
    for (let round = 0; round < 5; round++) {
      const [x, y] = await Promise.all(['x', 'y'].map(async (n) => (await t.api('POST', MENU, { token: admin, body: { company_name: `race ${n}` } })).json().data.id));
      const answers = await Promise.all([
        t.api('PUT', `${MENU}/${x}`, { token: admin, body: { parent_id: y } }),
        t.api('PUT', `${MENU}/${y}`, { token: admin, body: { parent_id: x } }),
      ]);
      expect(answers.map((a) => a.json().code).sort()).toEqual([200, 300]);
    }
  });

  it('keeps stored values for fields an update leaves out', async () => {
    const id = made[5].id;
    const res = await t.api('PUT', `${MENU}/${id}`, { token: admin, body: { phone: '0512-1234567' } });
    expect(res.json().data).toMatchObject({ id, phone: '0512-1234567', contact: '苏州联系人', company_name: made[5].company_name });
    // a body naming no field saves nothing, so it is not answered 保存成功
    const nothing = await t.api('PUT', `${MENU}/${id}`, { token: admin, body: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 400, message: '参数错误 请求体没有要保存的字段' });
  });
});
