import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH } from '@gw/contracts';
import { device, deviceFlow } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('网关设备的库存流转: 退货, 维修, 维修完成, 报废', () => {
  let t: TestApp;
  let w: FleetWorld;
  let vendor: number;
  const move = (name: string, ids: number[], token = w.admin, remark?: string) =>
    t.api('POST', `${DEVICE_PATH}/${name}`, { token, body: { ids, ...(remark === undefined ? {} : { remark }) } }).then((r) => r.json());
  const boxOf = async (id: number) => (await t.db.select().from(device).where(eq(device.id, id)))[0];
  const lastFlow = async (id: number) => (await t.db.select().from(deviceFlow).where(eq(deviceFlow.device_id, id)).orderBy(asc(deviceFlow.id))).at(-1)!;
  const setState = (ids: number[], state: 'shipped' | 'in_stock') => t.db.update(device).set({ state }).where(inArray(device.id, ids));

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'M');
    vendor = (await boxOf(w.boxes.stock)).customer_id;
    // an assignment moves the owner only; a box with a customer is shipped as a sale would leave it
    await setState([w.boxes.a, w.boxes.a1, w.boxes.b], 'shipped');
  });
  afterAll(() => t.close());

  it('takes a shipped box back into the vendor’s stock with a 退货 row carrying the remark', async () => {
    expect(await move('return', [w.boxes.b], w.admin, '客户退回')).toMatchObject({ code: 200, message: '已退货 1 台设备' });
    expect(await boxOf(w.boxes.b)).toMatchObject({ customer_id: vendor, state: 'in_stock' });
    expect(await lastFlow(w.boxes.b)).toMatchObject({ type: 'return', from_customer_id: w.b, to_customer_id: vendor, state: 'in_stock', remark: '退货: 客户退回' });
  });

  it('refuses the whole batch when one box is not shipped, naming it, and moves none', async () => {
    const res = await move('return', [w.boxes.a, w.boxes.stock]);
    expect(res.code).toBeGreaterThanOrEqual(300);
    expect(res.message).toContain('M-S');
    expect(res.message).not.toContain('M-A、');
    expect(await boxOf(w.boxes.a)).toMatchObject({ customer_id: w.a, state: 'shipped' });
  });

  it('sends boxes to repair keeping their owner, and brings each back where it belongs', async () => {
    expect((await move('repair', [w.boxes.a, w.boxes.stock])).code).toBe(200);
    expect(await boxOf(w.boxes.a)).toMatchObject({ customer_id: w.a, state: 'repair' });
    expect(await lastFlow(w.boxes.a)).toMatchObject({ type: 'repair', from_customer_id: w.a, to_customer_id: w.a, state: 'repair', remark: '维修' });
    expect((await move('repair', [w.boxes.a])).message).toContain('M-A');

    expect((await move('repaired', [w.boxes.a, w.boxes.stock])).code).toBe(200);
    expect(await boxOf(w.boxes.a)).toMatchObject({ customer_id: w.a, state: 'shipped' });
    expect(await boxOf(w.boxes.stock)).toMatchObject({ customer_id: vendor, state: 'in_stock' });
    expect(await lastFlow(w.boxes.stock)).toMatchObject({ type: 'repair', state: 'in_stock', remark: '维修完成' });
    expect((await move('repaired', [w.boxes.a])).message).toContain('M-A');
  });

  it('scraps a box once: a scrapped box is refused by name', async () => {
    expect((await move('scrap', [w.boxes.a1])).code).toBe(200);
    expect(await boxOf(w.boxes.a1)).toMatchObject({ customer_id: w.a1, state: 'scrapped' });
    expect(await lastFlow(w.boxes.a1)).toMatchObject({ type: 'scrap', state: 'scrapped' });
    const again = await move('scrap', [w.boxes.a1]);
    expect(again.code).toBeGreaterThanOrEqual(300);
    expect(again.message).toContain('M-A1');
    expect((await move('repair', [w.boxes.a1])).message).toContain('M-A1');
  });

  it('is the vendor’s: a customer user is refused on its own boxes, and another company’s box is not found', async () => {
    const own = await move('repair', [w.boxes.a], w.userA);
    expect(own).toMatchObject({ code: 300, message: '只有平台管理员可以办理退货、维修和报废' });
    const foreign = await t.api('POST', `${DEVICE_PATH}/scrap`, { token: w.userA, body: { ids: [w.boxes.b] } });
    expect(foreign.statusCode).toBe(404);
    expect(await boxOf(w.boxes.a)).toMatchObject({ state: 'shipped' });
  });

  it('names the remark’s limit in a 400', async () => {
    const res = await t.api('POST', `${DEVICE_PATH}/repair`, { token: w.admin, body: { ids: [w.boxes.a], remark: 'x'.repeat(201) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('remark');
  });
});
