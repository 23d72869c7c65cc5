import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIONS, ROLE_ADMIN, ROLE_CUSTOMER } from '@gw/contracts';
import { customer, role } from '../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';

const MENU = '/manager/custom';

describe('customer data scope on /manager/custom', () => {
  let t: TestApp;
  let admin: string;
  /** A customer user of company A1. */
  let cu: string;
  const ids = { A: 0, A1: 0, A1a: 0, B: 0 };
  const MISSING = 999_999;

  async function create(token: string, company_name: string, parent_id?: number | null) {
    return t.api('POST', MENU, { token, body: { company_name, ...(parent_id !== undefined ? { parent_id } : {}) } });
  }
  async function createOk(company_name: string, parent_id?: number): Promise<number> {
    const res = await create(admin, company_name, parent_id);
    expect(res.json()).toMatchObject({ code: 200, data: { company_name, parent_id: parent_id ?? null } });
    return res.json().data.id;
  }
  const idsOf = (res: Awaited<ReturnType<TestApp['api']>>) => res.json().data.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b);
  const parentOf = async (id: number) => (await t.db.select().from(customer).where(eq(customer.id, id)))[0]?.parent_id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    ids.A = await createOk('A 集团');
    ids.A1 = await createOk('A1 工厂', ids.A);
    ids.A1a = await createOk('A1a 车间', ids.A1);
    ids.B = await createOk('B 公司');
    const all = [{ menu: MENU, action: ALL_ACTIONS }];
    await t.db.update(role).set({ menus: all }).where(eq(role.id, ROLE_CUSTOMER));
    await t.db.update(role).set({ menus: all }).where(eq(role.id, ROLE_ADMIN));
    await t.createUser({ username: 'a1-user', roles: [ROLE_CUSTOMER], customer_id: ids.A1 });
    cu = await t.login('a1-user', 'secret-123');
  });
  afterAll(() => t.close());

  it('lists only the own company and the companies below it', async () => {
    const res = await t.api('GET', MENU, { token: cu });
    expect(res.json()).toMatchObject({ code: 200, count: 2 });
    expect(idsOf(res)).toEqual([ids.A1, ids.A1a]);
    const search = await t.api('GET', `${MENU}?keywords=B 公司`, { token: cu });
    expect(search.json()).toMatchObject({ code: 200, count: 0, data: [] });
  });

  it('gives the company tree of the own subtree only, rooted at the own company', async () => {
    const tree = (await t.api('GET', `${MENU}/tree`, { token: cu })).json();
    expect(tree).toMatchObject({ code: 200, data: [{ id: ids.A1, label: 'A1 工厂', children: [{ id: ids.A1a, label: 'A1a 车间' }] }] });
    const all = (await t.api('GET', `${MENU}/tree`, { token: admin })).json().data as { id: number; children?: { id: number }[] }[];
    expect(all.find((n) => n.id === ids.A)?.children?.map((c) => c.id)).toEqual([ids.A1]);
    expect(all.some((n) => n.id === ids.B)).toBe(true);
  });

  it('answers a sibling or the parent company exactly like a missing id, and changes nothing', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { remark: '越权修改' } : undefined;
      const missing = await t.api(method, `${MENU}/${MISSING}`, { token: cu, body });
      expect(missing.statusCode).toBe(404);
      for (const id of [ids.B, ids.A]) {
        const res = await t.api(method, `${MENU}/${id}`, { token: cu, body });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toEqual(missing.json());
      }
    }
    for (const id of [ids.A, ids.B]) {
      const row = await t.api('GET', `${MENU}/${id}`, { token: admin });
      expect(row.json()).toMatchObject({ code: 200, data: { id, remark: '' } });
    }
  });

  it('reads and edits its own subtree', async () => {
    expect((await t.api('GET', `${MENU}/${ids.A1a}`, { token: cu })).json().data.company_name).toBe('A1a 车间');
    const res = await t.api('PUT', `${MENU}/${ids.A1}`, { token: cu, body: { contact: '张三', parent_id: ids.A } });
    expect(res.json()).toMatchObject({ code: 200, data: { contact: '张三', parent_id: ids.A } });
  });

  it('creates a company below its own but not below another company or at the top', async () => {
    const child = await create(cu, 'A1b 车间', ids.A1);
    expect(child.json()).toMatchObject({ code: 200, data: { parent_id: ids.A1 } });
    expect(idsOf(await t.api('GET', MENU, { token: cu }))).toContain(child.json().data.id);

    for (const parent of [ids.B, ids.A, MISSING, null]) {
      const res = await create(cu, '越权公司', parent);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBeGreaterThanOrEqual(300);
    }
    const leaked = await t.api('GET', `${MENU}?keywords=越权公司`, { token: admin });
    expect(leaked.json().count).toBe(0);
  });

  it('cannot move its company under another company, to the top, or below itself', async () => {
    for (const parent_id of [ids.B, null, ids.A1a, ids.A1]) {
      const res = await t.api('PUT', `${MENU}/${ids.A1}`, { token: cu, body: { parent_id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().code, `parent ${parent_id}`).toBeGreaterThanOrEqual(300);
    }
    expect(await parentOf(ids.A1)).toBe(ids.A);
  });

  it('refuses a cycle from the vendor staff too', async () => {
    const res = await t.api('PUT', `${MENU}/${ids.A}`, { token: admin, body: { parent_id: ids.A1a } });
    expect(res.json()).toMatchObject({ code: expect.any(Number), message: '上级公司不能是自己或自己的下级' });
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    expect(await parentOf(ids.A)).toBeNull();
  });

  it('cannot delete its own company, which would lock it out of everything', async () => {
    const res = await t.api('DELETE', `${MENU}/${ids.A1}`, { token: cu });
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    expect(idsOf(await t.api('GET', MENU, { token: cu }))).toContain(ids.A1);
  });

  it('lets the vendor staff (role 1) see every company', async () => {
    await t.createUser({ username: 'staff', roles: [ROLE_ADMIN] });
    const staff = await t.login('staff', 'secret-123');
    const res = await t.api('GET', `${MENU}?limit=100`, { token: staff });
    expect(res.json().code).toBe(200);
    expect(idsOf(res)).toEqual(expect.arrayContaining(Object.values(ids)));
    const all = await t.db.select({ id: customer.id }).from(customer);
    expect(res.json().count).toBe(all.length);
    expect((await t.api('GET', `${MENU}/${ids.B}`, { token: staff })).json().data.id).toBe(ids.B);
  });

  it('sees nothing as a customer user without a company', async () => {
    await t.createUser({ username: 'lost', roles: [ROLE_CUSTOMER] });
    const token = await t.login('lost', 'secret-123');
    expect((await t.api('GET', MENU, { token })).json()).toMatchObject({ code: 200, count: 0, data: [] });
    expect((await t.api('GET', `${MENU}/${ids.A1}`, { token })).statusCode).toBe(404);
  });
});
