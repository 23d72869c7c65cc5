import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_ORDER_PATH, type BuyOrder, CONFIG_KEY, EXPORT_PATH, type ExportJob } from '@gw/contracts';
import { buyOrder, buyOrderIdentity, config, device, deviceFlow, operationLog } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { loadDeviceSecretKey } from '../../mqtt/identity/secret.js';
import { verifyDeviceSecret } from '../../mqtt/identity/secret.js';
import { type OrderWorld, line, orderWorld, sheetRows } from '../../test/order.js';

describe('进货管理 (/manager/buy_order)', () => {
  let t: TestApp;
  let w: OrderWorld;
  const create = (body: Record<string, unknown>, token = w.admin) =>
    t.api('POST', BUY_ORDER_PATH, { token, body: { order_date: '2026-11-23', supplier: '深圳某工厂', ...body } }).then((r) => r.json());
  const act = (id: number, name: string, token = w.admin) => t.api('POST', `${BUY_ORDER_PATH}/${id}/${name}`, { token });
  const get = async (id: number, token = w.admin) => (await t.api('GET', `${BUY_ORDER_PATH}/${id}`, { token })).json<{ code: number; data: BuyOrder }>();
  const boxesOf = (serials: string[]) => t.db.select().from(device).where(inArray(device.gateway_id, serials));

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    w = await orderWorld(t, 'B');
  });
  afterAll(() => t.close());

  it('numbers drafts JH + the order’s day + the day’s sequence and reads quantity, exact amounts, type names and the operator', async () => {
    const first = await create({ lines: [line(w.goodsId, ['B-N1', 'B-N2', 'B-N3']), line(w.goodsId, ['B-N4'], '0.10')] });
    expect(first).toMatchObject({
      code: 200,
      data: { order_no: 'JH20261123001', order_date: '2026-11-23', status: 'draft', supplier: '深圳某工厂', quantity: 4, amount: '3841.60', operator: '超级管理员', identities_ready: false, confirmed_at: null },
    });
    expect(first.data.lines).toEqual([
      { id: expect.any(Number), goods_id: w.goodsId, goods_name: 'B 网关(4G)', quantity: 3, unit_price: '1280.50', amount: '3841.50', serials: ['B-N1', 'B-N2', 'B-N3'] },
      { id: expect.any(Number), goods_id: w.goodsId, goods_name: 'B 网关(4G)', quantity: 1, unit_price: '0.10', amount: '0.10', serials: ['B-N4'] },
    ]);
    expect((await create({ lines: [line(w.goodsId, [])] })).data.order_no).toBe('JH20261123002');
    expect((await create({ order_date: '2026-11-24', lines: [line(w.goodsId, [])] })).data.order_no).toBe('JH20261124001');
    const listed = (await t.api('GET', `${BUY_ORDER_PATH}?keywords=JH20261123001`, { token: w.admin })).json();
    expect(listed.data).toEqual([expect.objectContaining({ order_no: 'JH20261123001', quantity: 4, amount: '3841.60' })]);
    expect(listed.data[0].lines).toBeUndefined();
  });

  it('gives orders created at the same moment different numbers', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => create({ order_date: '2026-12-01', lines: [line(w.goodsId, [])] })));
    expect(made.map((m) => m.code)).toEqual(Array(6).fill(200));
    expect(made.map((m) => m.data.order_no).sort()).toEqual(['001', '002', '003', '004', '005', '006'].map((n) => `JH20261201${n}`));
  });

  it('refuses a typed number that is taken, serials twice in one order (400 naming them), and an unknown type', async () => {
    expect((await create({ order_no: 'PO-7', lines: [line(w.goodsId, [])] })).code).toBe(200);
    expect(await create({ order_no: 'PO-7', lines: [line(w.goodsId, [])] })).toMatchObject({ code: 300, message: '单号 PO-7 已存在' });
    const twice = await t.api('POST', BUY_ORDER_PATH, {
      token: w.admin,
      body: { order_date: '2026-11-23', supplier: 'x', lines: [line(w.goodsId, ['B-D1', 'B-D2']), line(w.goodsId, ['B-D2', 'B-D3', 'B-D1'])] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('参数错误 lines.serials: 序列号重复 B-D2、B-D1');
    expect(await create({ lines: [line(999_999, [])] })).toMatchObject({ code: 300, message: '设备类型不存在' });
    expect((await t.api('POST', BUY_ORDER_PATH, { token: w.admin, body: { order_date: '2026-11-23', supplier: 'x', lines: [] } })).statusCode).toBe(400);
  });

  it('exports the list as an xlsx: status titles, exact amounts, the operator', async () => {
    const queued = (await t.api('POST', `${BUY_ORDER_PATH}/export`, { token: w.admin, body: { filters: { keywords: 'PO-7' } } })).json<{ code: number; data: ExportJob }>();
    expect(queued.code).toBe(200);
    let job = queued.data;
    while (job.state !== 'done' && job.state !== 'failed') {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.api('GET', `${EXPORT_PATH}/${job.id}`, { token: w.admin })).json<{ data: ExportJob }>().data;
    }
    expect(job.state).toBe('done');
    const rows = await sheetRows((await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token: w.admin })).rawPayload);
    expect(rows[0]).toEqual(['单号', '日期', '供应商', '状态', '数量', '金额 (元)', '操作人', '确认时间', '备注', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([['PO-7', '2026-11-23', '深圳某工厂', '草稿', '1', '1280.50', '超级管理员']]);
  });

  it('refuses to confirm while a line’s serials are not its quantity, naming the line, and writes nothing', async () => {
    const order = (await create({ lines: [line(w.goodsId, ['B-Q1']), line(w.goodsId, ['B-Q2'], '1', 2)] })).data;
    const res = (await act(order.id, 'confirm')).json();
    expect(res.code).toBe(300);
    expect(res.message).toBe('明细的数量与序列号个数不符: 第 2 行 B 网关(4G) 数量 2,序列号 1 个 (B-Q2)');
    expect(await boxesOf(['B-Q1', 'B-Q2'])).toEqual([]);
    expect((await get(order.id)).data.status).toBe('draft');
  });

  it('edits a draft, replacing its lines, then confirms it: each serial a box in stock with its ledger row', async () => {
    const order = (await create({ lines: [line(w.goodsId, ['B-X'])] })).data;
    const edited = (await t.api('PUT', `${BUY_ORDER_PATH}/${order.id}`, { token: w.admin, body: { supplier: '东莞工厂', lines: [line(w.goodsId, ['B-C1', 'B-C2', 'B-C3'], '99')] } })).json();
    expect(edited).toMatchObject({ code: 200, data: { supplier: '东莞工厂', quantity: 3, amount: '297.00', order_no: order.order_no } });

    const res = (await act(order.id, 'confirm')).json();
    expect(res).toMatchObject({ code: 200, message: '已确认,3 台设备已入库;请下载设备身份 (只能下载一次)' });
    const boxes = await boxesOf(['B-C1', 'B-C2', 'B-C3']);
    expect(boxes).toHaveLength(3);
    const vendor = (await boxesOf(['B-S']))[0].customer_id;
    for (const box of boxes) {
      expect(box).toMatchObject({ customer_id: vendor, state: 'in_stock', goods_id: w.goodsId });
      expect(box.vpn_ip).toMatch(/^10\.8\.\d+\.\d+$/);
    }
    expect(new Set(boxes.map((b) => b.vpn_ip)).size).toBe(3);
    const flows = await t.db.select().from(deviceFlow).where(eq(deviceFlow.order_no, order.order_no));
    expect(flows.map((f) => [f.gateway_id, f.type, f.to_customer_id, f.state]).sort()).toEqual(
      ['B-C1', 'B-C2', 'B-C3'].map((g) => [g, 'purchase_in', vendor, 'in_stock']),
    );
    const read = (await get(order.id)).data;
    expect(read).toMatchObject({ status: 'confirmed', identities_ready: true });
    expect(read.confirmed_at).not.toBeNull();
  });

  it('keeps a confirmed order final: edit, delete, cancel and confirm again are refused in Chinese', async () => {
    const [confirmed] = await t.db.select().from(buyOrder).where(eq(buyOrder.status, 'confirmed'));
    const refusal = `单据 ${confirmed.order_no} 已确认,只有草稿可以`;
    expect((await t.api('PUT', `${BUY_ORDER_PATH}/${confirmed.id}`, { token: w.admin, body: { remark: 'x' } })).json()).toMatchObject({ code: 300, message: `${refusal}修改` });
    expect((await t.api('DELETE', `${BUY_ORDER_PATH}/${confirmed.id}`, { token: w.admin })).json()).toMatchObject({ code: 300, message: `${refusal}删除` });
    expect((await act(confirmed.id, 'cancel')).json()).toMatchObject({ code: 300, message: `${refusal}取消` });
    expect((await act(confirmed.id, 'confirm')).json()).toMatchObject({ code: 300, message: `${refusal}确认` });
  });

  it('hands the new boxes’ identities out once, as an xlsx whose secrets the boxes log in with, never in the operation log', async () => {
    const [confirmed] = await t.db.select().from(buyOrder).where(eq(buyOrder.status, 'confirmed'));
    const [stored] = await t.db.select().from(buyOrderIdentity).where(eq(buyOrderIdentity.order_id, confirmed.id));
    expect(stored.sealed).not.toContain('B-C1');

    const res = await t.api('GET', `${BUY_ORDER_PATH}/${confirmed.id}/identities`, { token: w.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`设备身份-${confirmed.order_no}.xlsx`));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['设备ID', '密钥', '设备类型']);
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual(['B-C1', 'B-C2', 'B-C3'].map((g) => [g, 'B 网关(4G)']));
    const key = await loadDeviceSecretKey(t.db);
    for (const [gatewayId, secret] of rows.slice(1)) {
      const [box] = await boxesOf([gatewayId]);
      expect(verifyDeviceSecret(key, secret, box.secret_hash)).toBe(true);
      const [{ n }] = await t.db.select({ n: count() }).from(operationLog).where(sql`${operationLog.changes}::text like ${`%${secret}%`}`);
      expect(n).toBe(0);
    }

    const again = await t.api('GET', `${BUY_ORDER_PATH}/${confirmed.id}/identities`, { token: w.admin });
    expect(again.json()).toMatchObject({ code: 300, message: '设备身份已下载,不能再次下载' });
    expect((await get(confirmed.id)).data.identities_ready).toBe(false);
    expect(await t.db.select().from(buyOrderIdentity).where(eq(buyOrderIdentity.order_id, confirmed.id))).toEqual([]);
    const draft = (await create({ lines: [line(w.goodsId, [])] })).data;
    expect((await t.api('GET', `${BUY_ORDER_PATH}/${draft.id}/identities`, { token: w.admin })).json()).toMatchObject({ code: 300, message: '单据尚未确认,没有设备身份可下载' });
  });

  it('refuses the whole confirmation when a serial is a box already, naming it, and creates none of the others', async () => {
    const order = (await create({ lines: [line(w.goodsId, ['B-F1', 'B-A', 'B-F2', 'B-C2'])] })).data;
    const res = (await act(order.id, 'confirm')).json();
    expect(res.code).toBe(300);
    expect(res.message).toMatch(/^以下序列号已是网关设备,不能再次入库: /);
    expect(res.message.split(': ')[1].split('、').sort()).toEqual(['B-A', 'B-C2']);
    expect(await boxesOf(['B-F1', 'B-F2'])).toEqual([]);
    expect((await get(order.id)).data).toMatchObject({ status: 'draft', identities_ready: false });
  });

  it('leaves nothing when the confirmation fails half way: the VPN pool runs out at the sixth of six boxes', async () => {
    // a /29 holds five box addresses (its first host is the VPN server's)
    await t.db.update(config).set({ value: '10.9.0.0/29' }).where(eq(config.key, CONFIG_KEY.vpnPool));
    try {
      const serials = ['B-H1', 'B-H2', 'B-H3', 'B-H4', 'B-H5', 'B-H6'];
      const order = (await create({ lines: [line(w.goodsId, serials)] })).data;
      const flowsBefore = (await t.db.select({ n: count() }).from(deviceFlow))[0].n;
      const res = (await act(order.id, 'confirm')).json();
      expect(res).toMatchObject({ code: 300, message: 'VPN 地址池 10.9.0.0/29 已用完,请在通用配置中扩大 vpn_pool' });
      expect(await boxesOf(serials)).toEqual([]);
      expect((await t.db.select({ n: count() }).from(deviceFlow))[0].n).toBe(flowsBefore);
      expect((await get(order.id)).data).toMatchObject({ status: 'draft', identities_ready: false, confirmed_at: null });
      // five fit: with one serial fewer it goes through
      await t.api('PUT', `${BUY_ORDER_PATH}/${order.id}`, { token: w.admin, body: { lines: [line(w.goodsId, serials.slice(0, 5))] } });
      expect((await act(order.id, 'confirm')).json()).toMatchObject({ code: 200 });
      expect((await boxesOf(serials)).map((b) => b.vpn_ip).sort()).toEqual(['10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5', '10.9.0.6']);
    } finally {
      await t.db.update(config).set({ value: '10.8.0.0/16' }).where(eq(config.key, CONFIG_KEY.vpnPool));
    }
  });

  it('cancels and deletes drafts only', async () => {
    const a = (await create({ lines: [line(w.goodsId, ['B-Z1'])] })).data;
    expect((await act(a.id, 'cancel')).json()).toMatchObject({ code: 200, message: '已取消' });
    expect((await get(a.id)).data.status).toBe('cancelled');
    expect((await act(a.id, 'confirm')).json()).toMatchObject({ code: 300, message: `单据 ${a.order_no} 已取消,只有草稿可以确认` });
    const b = (await create({ lines: [line(w.goodsId, ['B-Z2'])] })).data;
    expect((await t.api('DELETE', `${BUY_ORDER_PATH}/${b.id}`, { token: w.admin })).json().code).toBe(200);
    expect((await get(b.id)).code).toBe(404);
  });

  it('prints a 入库单', async () => {
    const [confirmed] = await t.db.select().from(buyOrder).where(eq(buyOrder.status, 'confirmed'));
    const res = await t.api('GET', `${BUY_ORDER_PATH}/${confirmed.id}/receipt_note`, { token: w.admin });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0][0]).toBe('入库单');
    expect(rows.flat()).toEqual(expect.arrayContaining([`单号: ${confirmed.order_no}`, '供应商: 东莞工厂', '合计', '297']));
    expect((await sheetRows(res.rawPayload, 2)).slice(1).map((r) => r[2])).toEqual(['B-C1', 'B-C2', 'B-C3']);
  });

  it('shows a customer’s users no 进货单 at all, on any route, whatever id they guess', async () => {
    const [confirmed] = await t.db.select().from(buyOrder).where(eq(buyOrder.status, 'confirmed'));
    const [draft] = await t.db.select().from(buyOrder).where(eq(buyOrder.status, 'draft'));
    const token = w.orderUserA;
    expect((await t.api('GET', BUY_ORDER_PATH, { token })).json()).toMatchObject({ code: 200, count: 0, data: [] });
    for (const id of [confirmed.id, draft.id]) {
      expect((await t.api('GET', `${BUY_ORDER_PATH}/${id}`, { token })).statusCode).toBe(404);
      expect((await t.api('PUT', `${BUY_ORDER_PATH}/${id}`, { token, body: { remark: 'x' } })).statusCode).toBe(404);
      expect((await t.api('DELETE', `${BUY_ORDER_PATH}/${id}`, { token })).statusCode).toBe(404);
      expect((await act(id, 'confirm', token)).statusCode).toBe(404);
      expect((await act(id, 'cancel', token)).statusCode).toBe(404);
      expect((await t.api('GET', `${BUY_ORDER_PATH}/${id}/receipt_note`, { token })).statusCode).toBe(404);
      expect((await t.api('GET', `${BUY_ORDER_PATH}/${id}/identities`, { token })).json().code).toBe(300);
    }
    expect(await create({ lines: [line(w.goodsId, [])] }, token)).toMatchObject({ code: 300, message: '只有平台管理员可以办理进货和出货' });
    expect((await t.api('DELETE', BUY_ORDER_PATH, { token, body: { ids: [draft.id] } })).statusCode).toBe(404);
    expect((await get(draft.id)).code).toBe(200);
    expect((await t.api('GET', `${BUY_ORDER_PATH}/${draft.id}`, { token: w.userA })).statusCode).toBe(401);
  });
});
