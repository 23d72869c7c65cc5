import { eq } from 'drizzle-orm';
import { ROLE_CUSTOMER } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

describe('GET and PUT /user/custom_info', () => {
  let t: TestApp;
  let admin: string;
  let vendorId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    [{ id: vendorId }] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
  });
  afterAll(() => t.close());

  const get = (token: string) => t.api('GET', '/user/custom_info', { token });
  const put = (token: string, body: Record<string, unknown>) => t.api('PUT', '/user/custom_info', { token, body });

  it("returns the user's own company: the platform vendor for the super user", async () => {
    const res = await get(admin);
    expect(res.json()).toMatchObject({
      code: 200,
      data: { id: vendorId, company_name: '平台运营方', is_vendor: true, created_at: expect.any(String) },
    });
  });

  it("returns a customer user's own company, not the vendor", async () => {
    const [acme] = await t.db.insert(customer).values({ company_name: '顶点机械', contact: '李四' }).returning();
    await t.createUser({ username: 'acme-user', password: 'acme-pass', roles: [ROLE_CUSTOMER], customer_id: acme.id });
    const res = await get(await t.login('acme-user', 'acme-pass'));
    expect(res.json()).toMatchObject({ code: 200, data: { id: acme.id, company_name: '顶点机械', contact: '李四', is_vendor: false } });
  });

  it('changes the company and shows the change afterwards', async () => {
    const res = await put(admin, { company_name: '智能网关科技', contact: '王五', phone: '021-12345678' });
    expect(res.json()).toMatchObject({ code: 200, data: { id: vendorId, company_name: '智能网关科技', contact: '王五' } });
    expect((await get(admin)).json().data).toMatchObject({ company_name: '智能网关科技', phone: '021-12345678' });
  });

  it('keeps the fields a partial update leaves out, and accepts an empty update', async () => {
    await put(admin, { company_name: '甲公司', remark: '保留' });
    expect((await put(admin, { contact: '赵六' })).json().data).toMatchObject({ company_name: '甲公司', remark: '保留', contact: '赵六' });
    const empty = await put(admin, {});
    expect(empty.json()).toMatchObject({ code: 200, data: { company_name: '甲公司', contact: '赵六' } });
  });

  it('refuses an empty company name with 400 and keeps the stored one', async () => {
    const before = (await get(admin)).json().data.company_name;
    const res = await put(admin, { company_name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('公司名称不能为空');
    expect((await get(admin)).json().data.company_name).toBe(before);
  });

  it('does not let a user move its company in the tree or make it the vendor', async () => {
    const [acme] = await t.db.insert(customer).values({ company_name: '乙公司' }).returning();
    await t.createUser({ username: 'mover', password: 'mover-pass', roles: [ROLE_CUSTOMER], customer_id: acme.id });
    const token = await t.login('mover', 'mover-pass');
    const res = await put(token, { company_name: '乙公司二', parent_id: vendorId, is_vendor: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/parent_id: 不接受此字段.*is_vendor: 不接受此字段/);
    expect((await get(token)).json().data).toMatchObject({ company_name: '乙公司', parent_id: null, is_vendor: false });
  });

  it('refuses a user without a company, for reading and for writing', async () => {
    await t.createUser({ username: 'loner', password: 'loner-pass' });
    const token = await t.login('loner', 'loner-pass');
    for (const res of [await get(token), await put(token, { company_name: '新公司' })]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBeGreaterThanOrEqual(300);
      expect(res.json().message).toBe('当前用户未关联公司');
    }
  });
});
