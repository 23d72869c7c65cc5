import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, deviceFlow } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { recordMovements } from './ledger.js';

describe('device flow ledger', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const [{ id: vendor }] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
    await t.db.transaction((tx) =>
      recordMovements(tx, { id: 1, username: 'admin' }, [
        { device: { id: 7, gateway_id: 'GW-7' }, type: 'purchase_in', from: null, to: vendor, state: 'in_stock' },
      ]),
    );
  });
  afterAll(() => t.close());

  it('keeps what is written, with the operator', async () => {
    const rows = await t.db.select().from(deviceFlow);
    expect(rows).toMatchObject([{ device_id: 7, gateway_id: 'GW-7', type: 'purchase_in', operator: 'admin', state: 'in_stock' }]);
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself, whoever asks', async () => {
    for (const statement of [
      sql`update device_flow set remark = 'changed'`,
      sql`delete from device_flow`,
      sql`truncate device_flow`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(String((error as { cause?: unknown })?.cause ?? error)).toContain('设备流转记录只能新增,不能修改或删除');
    }
    expect(await t.db.select({ remark: deviceFlow.remark }).from(deviceFlow)).toEqual([{ remark: '' }]);
  });
});
