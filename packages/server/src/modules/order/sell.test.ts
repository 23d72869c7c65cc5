import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_ORDER_PATH, GOODS_PATH, SELL_ORDER_PATH, type SellOrder } from '@gw/contracts';
import { device, deviceFlow, operationLog, sellOrder } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { type OrderWorld, line, orderWorld, sheetRows, stock } from '../../test/order.js';

describe('出货管理 (/manager/sell_order)', () => {
  let t: TestApp;
  let w: OrderWorld;
  let otherGoods: number;
  let vendor: number;
  const create = (body: Record<string, unknown>, token = w.admin) =>
    t.api('POST', SELL_ORDER_PATH, { token, body: { order_date: '2026-11-23', customer_id: w.a, ...body } }).then((r) => r.json());
  const act = (id: number, name: string, token = w.admin) => t.api('POST', `${SELL_ORDER_PATH}/${id}/${name}`, { token });
  const boxesOf = (serials: string[]) => t.db.select().from(device).where(inArray(device.gateway_id, serials)).orderBy(asc(device.gateway_id));
  const list = async (token: string) => (await t.api('GET', `${SELL_ORDER_PATH}?limit=100`, { token })).json<{ data: SellOrder[] }>().data.map((o) => o.order_no).sort();

  beforeAll(async () => {
    t = await createTestApp();
    w = await orderWorld(t, 'S');
    otherGoods = (await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: 'S 网关(wifi)', code: 'S-WIFI', price: '800' } })).json().data.id;
    await stock(t, w.admin, w.goodsId, ['S-1', 'S-2', 'S-3', 'S-4', 'S-5', 'S-R']);
    await stock(t, w.admin, otherGoods, ['S-W1']);
    vendor = (await boxesOf(['S-1']))[0].customer_id;
  });
  afterAll(() => t.close());

  it('drafts a 出货单 numbered CH + day + sequence, naming its customer', async () => {
    const made = await create({ lines: [line(w.goodsId, ['S-1', 'S-2'], '1500')] });
    expect(made).toMatchObject({ code: 200, data: { order_no: 'CH20261123001', customer_id: w.a, company_name: 'S 甲集团', quantity: 2, amount: '3000.00', status: 'draft' } });
    expect(await create({ customer_id: vendor, lines: [line(w.goodsId, ['S-3'])] })).toMatchObject({ code: 300, message: '不能出货给平台运营方自身' });
    expect(await create({ customer_id: 999_999, lines: [line(w.goodsId, ['S-3'])] })).toMatchObject({ code: 300, message: '客户不存在' });
  });

  it('refuses a confirmation naming every serial that is missing, not in stock or of another type, and moves nothing', async () => {
    const shipped = (await create({ order_no: 'PRE-1', lines: [line(w.goodsId, ['S-5'])] })).data;
    expect((await act(shipped.id, 'confirm')).json().code).toBe(200);
    const order = (await create({ customer_id: w.b, lines: [line(w.goodsId, ['S-3', 'S-NOPE', 'S-5', 'S-W1'])] })).data;
    const res = (await act(order.id, 'confirm')).json();
    expect(res).toMatchObject({
      code: 300,
      message: '以下序列号没有对应的网关设备: S-NOPE;以下设备不在库,不能出货: S-5;以下设备的类型与明细不符: S-W1',
    });
    expect((await boxesOf(['S-3']))[0]).toMatchObject({ customer_id: vendor, state: 'in_stock' });
    const mismatch = (await create({ customer_id: w.b, lines: [line(w.goodsId, ['S-3'], '1', 3)] })).data;
    expect((await act(mismatch.id, 'confirm')).json().message).toBe('明细的数量与序列号个数不符: 第 1 行 S 网关(4G) 数量 3,序列号 1 个 (S-3)');
  });

  it('confirms: each box goes to the customer as shipped, with a 出货 row naming the order, in the operation log', async () => {
    const [draft] = await t.db.select().from(sellOrder).where(eq(sellOrder.order_no, 'CH20261123001'));
    expect((await act(draft.id, 'confirm')).json()).toMatchObject({ code: 200, message: '已确认,2 台设备已出货' });
    for (const box of await boxesOf(['S-1', 'S-2'])) {
      expect(box).toMatchObject({ customer_id: w.a, state: 'shipped' });
      const flows = await t.db.select().from(deviceFlow).where(eq(deviceFlow.device_id, box.id)).orderBy(asc(deviceFlow.id));
      expect(flows.map((f) => f.type)).toEqual(['purchase_in', 'sale_out']);
      expect(flows[1]).toMatchObject({ from_customer_id: vendor, to_customer_id: w.a, state: 'shipped', order_no: 'CH20261123001' });
    }
    const read = (await t.api('GET', `${SELL_ORDER_PATH}/${draft.id}`, { token: w.admin })).json().data;
    expect(read.status).toBe('confirmed');
    const logged = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.table_name, 'sell_order'), eq(operationLog.record_id, String(draft.id)), eq(operationLog.action, 3)));
    expect(logged.flatMap((l) => l.changes).find((c) => c.key === 'status')).toMatchObject({ before: 'draft', after: 'confirmed' });
  });

  it('lets exactly one of two orders racing for the same box have it, the other refused naming the box', async () => {
    const first = (await create({ customer_id: w.a, lines: [line(w.goodsId, ['S-R'])] })).data;
    const second = (await create({ customer_id: w.b, lines: [line(w.goodsId, ['S-R', 'S-4'])] })).data;
    const answers = await Promise.all([act(first.id, 'confirm'), act(second.id, 'confirm')].map((p) => p.then((r) => r.json())));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 300]);
    expect(answers.find((a) => a.code === 300).message).toBe('以下设备不在库,不能出货: S-R');
    const [box] = await boxesOf(['S-R']);
    const winner = answers[0].code === 200 ? w.a : w.b;
    expect(box).toMatchObject({ customer_id: winner, state: 'shipped' });
    const sales = await t.db.select().from(deviceFlow).where(and(eq(deviceFlow.device_id, box.id), eq(deviceFlow.type, 'sale_out')));
    expect(sales).toHaveLength(1);
    if (winner === w.a) expect((await boxesOf(['S-4']))[0]).toMatchObject({ customer_id: vendor, state: 'in_stock' });
  });

  it('prints a 送货单 with customer, lines, serials, total and signature lines', async () => {
    const [order] = await t.db.select().from(sellOrder).where(eq(sellOrder.order_no, 'CH20261123001'));
    const res = await t.api('GET', `${SELL_ORDER_PATH}/${order.id}/delivery_note`, { token: w.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('送货单-CH20261123001.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0][0]).toBe('送货单');
    expect(rows.flat()).toEqual(expect.arrayContaining(['单号: CH20261123001', '日期: 2026-11-23', '客户: S 甲集团', '送货人: ____________', '收货人: ____________']));
    expect(rows).toContainEqual(['1', 'S 网关(4G)', '2', '1500', '3000', 'S-1、S-2']);
    expect(rows).toContainEqual(['合计', '', '2', '', '3000', '']);
    expect((await sheetRows(res.rawPayload, 2)).slice(1)).toEqual([
      ['1', 'S 网关(4G)', 'S-1'],
      ['2', 'S 网关(4G)', 'S-2'],
    ]);
  });

  it('shows a customer’s users the 出货单 of their subtree only, read-only, whatever id they guess', async () => {
    const ofA1 = (await create({ customer_id: w.a1, lines: [line(w.goodsId, ['S-3'])] })).data;
    const ofB = (await create({ customer_id: w.b, lines: [line(w.goodsId, ['S-3'])] })).data;
    const all = await list(w.admin);
    const ownedBy = async (ids: number[]) =>
      (await t.db.select({ no: sellOrder.order_no }).from(sellOrder).where(inArray(sellOrder.customer_id, ids))).map((r) => r.no).sort();
    expect(await list(w.orderUserA)).toEqual(await ownedBy([w.a, w.a1]));
    expect(await list(w.orderUserB)).toEqual(await ownedBy([w.b]));
    expect(all.length).toBeGreaterThan((await list(w.orderUserA)).length);

    const token = w.orderUserA;
    expect((await t.api('GET', `${SELL_ORDER_PATH}/${ofA1.id}`, { token })).json()).toMatchObject({ code: 200, data: { company_name: 'S 甲一厂' } });
    expect((await t.api('GET', `${SELL_ORDER_PATH}/${ofA1.id}/delivery_note`, { token })).statusCode).toBe(200);
    const vendorOnly = { code: 300, message: '只有平台管理员可以办理进货和出货' };
    expect((await t.api('PUT', `${SELL_ORDER_PATH}/${ofA1.id}`, { token, body: { remark: 'x' } })).json()).toMatchObject(vendorOnly);
    expect((await t.api('DELETE', `${SELL_ORDER_PATH}/${ofA1.id}`, { token })).json()).toMatchObject(vendorOnly);
    expect((await act(ofA1.id, 'confirm', token)).json()).toMatchObject(vendorOnly);
    expect((await act(ofA1.id, 'cancel', token)).json()).toMatchObject(vendorOnly);
    expect(await create({ customer_id: w.a1, lines: [line(w.goodsId, ['S-3'])] }, token)).toMatchObject(vendorOnly);

    for (const id of [ofB.id, 999_999]) {
      expect((await t.api('GET', `${SELL_ORDER_PATH}/${id}`, { token })).statusCode).toBe(404);
      expect((await t.api('GET', `${SELL_ORDER_PATH}/${id}/delivery_note`, { token })).statusCode).toBe(404);
      expect((await t.api('PUT', `${SELL_ORDER_PATH}/${id}`, { token, body: { remark: 'x' } })).statusCode).toBe(404);
      expect((await t.api('DELETE', `${SELL_ORDER_PATH}/${id}`, { token })).statusCode).toBe(404);
      expect((await act(id, 'confirm', token)).statusCode).toBe(404);
      expect((await act(id, 'cancel', token)).statusCode).toBe(404);
    }
    expect((await t.api('DELETE', SELL_ORDER_PATH, { token, body: { ids: [ofA1.id, ofB.id] } })).statusCode).toBe(404);
    expect((await t.api('DELETE', SELL_ORDER_PATH, { token, body: { ids: [ofA1.id] } })).json()).toMatchObject(vendorOnly);
    expect((await t.api('GET', `${SELL_ORDER_PATH}/${ofB.id}`, { token: w.orderUserB })).json().code).toBe(200);
    expect((await t.api('GET', SELL_ORDER_PATH, { token: w.userA })).statusCode).toBe(401);
  });

  it('documents the routes written by hand in OpenAPI, with their summaries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/custom/api/docs/json' })).json<{ paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> }>();
    for (const [path, tag] of [
      [`${BUY_ORDER_PATH}/{id}/identities`, '进货单'],
      [`${BUY_ORDER_PATH}/{id}/receipt_note`, '进货单'],
      [`${SELL_ORDER_PATH}/{id}/delivery_note`, '出货单'],
    ]) {
      expect(doc.paths[`/custom/api/v1${path}`].get, path).toMatchObject({ summary: expect.stringContaining('xlsx'), tags: [tag] });
    }
    expect(doc.paths[`/custom/api/v1${SELL_ORDER_PATH}/{id}/confirm`].post.summary).toContain('确认');
  });
});
