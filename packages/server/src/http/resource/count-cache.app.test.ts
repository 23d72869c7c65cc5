import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

/** A list's total as one API node keeps it: fresh after its own writes, within LIST_COUNT_CACHE_MS after others'. */
describe('list totals kept by a node', () => {
  let t: TestApp;
  let admin: string;
  const total = async () => (await t.api('GET', '/manager/custom?limit=1', { token: admin })).json().count as number;

  beforeAll(async () => {
    t = await createTestApp({ env: { LIST_COUNT_CACHE_MS: '60000' } });
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('counts again as soon as this node serves a write', async () => {
    const before = await total();
    await t.api('POST', '/manager/custom', { token: admin, body: { company_name: '新公司' } });
    expect(await total()).toBe(before + 1);
  });

  it('shows another node’s write (here: straight to the database) only when the total is counted again', async () => {
    const before = await total();
    await t.db.insert(customer).values({ company_name: '另一个节点写的' });
    expect(await total()).toBe(before);
    // any write this node serves, even one refused, makes it count afresh
    await t.api('PUT', '/user/info', { token: admin, body: {} });
    expect(await total()).toBe(before + 1);
  });
});
