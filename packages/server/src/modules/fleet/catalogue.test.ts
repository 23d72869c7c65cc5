import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_FLOW_PATH, DEVICE_PATH, GOODS_PATH, MACHINE_PATH } from '@gw/contracts';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { licenseBox } from '../../test/license.js';

describe('设备类型, 机床 and 设备流转', () => {
  let t: TestApp;
  let w: FleetWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'C');
    // machine tools are enabled within their box's licence
    for (const box of [w.boxes.a, w.boxes.a1]) await licenseBox(t, w.admin, box, [{ model: 'all', count: 5 }]);
  });
  afterAll(() => t.close());

  it('keeps a price exactly as written and counts stock from the boxes, never typed', async () => {
    const goods = (await t.api('GET', `${GOODS_PATH}/${w.goodsId}`, { token: w.admin })).json().data;
    expect(goods).toMatchObject({ price: '1280.50', in_stock: 4, shipped: 0, total: 4 });
    await t.api('PUT', `${DEVICE_PATH}/${w.boxes.b}`, { token: w.admin, body: { state: 'shipped' } });
    const after = (await t.api('GET', `${GOODS_PATH}?keywords=C-G4`, { token: w.admin })).json().data[0];
    expect(after).toMatchObject({ in_stock: 3, shipped: 1, total: 4 });
    const cents = await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: '精度', code: 'P-1', price: 0.1 + 0.2 } });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toContain('price');
    // stock is counted, never typed: a create that sends it is refused naming it, and nothing is made
    const typed = await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: '手填库存', code: 'P-2', price: '99.99', in_stock: 50 } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain('in_stock: 不接受此字段');
    const counted = await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: '手填库存', code: 'P-2', price: '99.99' } });
    expect(counted.json().data).toMatchObject({ price: '99.99', in_stock: 0, total: 0 });
  });

  it('keeps the catalogue the vendor’s and a used type in place, naming how many boxes use it', async () => {
    const refusedCreate = await t.api('POST', GOODS_PATH, { token: w.userA, body: { name: '客户的', code: 'CU-1' } });
    expect(refusedCreate.json()).toMatchObject({ code: 300, message: '设备类型由平台管理员维护' });
    const dup = await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: '重复', code: 'C-G4' } });
    expect(dup.json()).toMatchObject({ code: 300, message: '编码 C-G4 已被其他设备类型使用' });
    const used = await t.api('DELETE', `${GOODS_PATH}/${w.goodsId}`, { token: w.admin });
    expect(used.json()).toMatchObject({ code: 300, message: '该设备类型下还有 4 台设备,不能删除' });
  });

  it('addresses machine tools in their box’s /24 with the box as gateway, unique codes per box', async () => {
    const add = (code: string, token = w.userA) => t.api('POST', MACHINE_PATH, { token, body: { device_id: w.boxes.a, code, category: 'fanuc', model: '0i-MF' } });
    const first = (await add('CNC-01')).json().data;
    const second = (await add('CNC-02')).json().data;
    const net = first.ip.replace(/\.\d+$/, '');
    expect(first).toMatchObject({ ip: `${net}.2`, netmask: '255.255.255.0', gateway: `${net}.1`, broadcast: `${net}.255` });
    expect(second.ip).toBe(`${net}.3`);
    expect((await add('CNC-01')).json()).toMatchObject({ code: 300, message: '该设备下已有编号为 CNC-01 的机床' });
    const bad = await t.api('POST', MACHINE_PATH, { token: w.userA, body: { device_id: w.boxes.a, code: 'X', category: 'nonsense' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('category');
    const listed = (await t.api('GET', `${MACHINE_PATH}?device_id=${w.boxes.a}&sort=code`, { token: w.userA })).json();
    expect(listed.data.map((m: { code: string }) => m.code)).toEqual(['CNC-01', 'CNC-02']);
    const box = (await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userA })).json().data;
    expect(box).toMatchObject({ machine_count: 2, machine_net: `${net}.0/24` });
    // another box's machine tools live in another /24
    const other = (await t.api('POST', MACHINE_PATH, { token: w.userA, body: { device_id: w.boxes.a1, code: 'CNC-01', category: 'siemens_cnc' } })).json().data;
    expect(other.ip.replace(/\.\d+$/, '')).not.toBe(net);
  });

  it('lists the ledger by box, type and company, read-only, with both company names', async () => {
    const byBox = (await t.api('GET', `${DEVICE_FLOW_PATH}?device_id=${w.boxes.a}`, { token: w.admin })).json();
    expect(byBox.data.map((f: { type: string }) => f.type)).toEqual(['transfer', 'purchase_in']);
    expect(byBox.data[0]).toMatchObject({ from_customer_name: '平台运营方', to_customer_name: 'C 甲集团', operator: 'admin' });
    const transfers = (await t.api('GET', `${DEVICE_FLOW_PATH}?type=transfer&customer_id=${w.a}`, { token: w.admin })).json();
    expect(transfers.data.map((f: { gateway_id: string }) => f.gateway_id).sort()).toEqual(['C-A', 'C-A1']);
    const mine = (await t.api('GET', DEVICE_FLOW_PATH, { token: w.userA })).json();
    expect(mine.data.every((f: { gateway_id: string }) => ['C-A', 'C-A1'].includes(f.gateway_id))).toBe(true);
    for (const [method, body] of [['POST', { device_id: 1 }], ['PUT', { remark: 'x' }], ['DELETE', undefined]] as const) {
      const url = method === 'POST' ? DEVICE_FLOW_PATH : `${DEVICE_FLOW_PATH}/${byBox.data[0].id}`;
      expect((await t.api(method, url, { token: w.admin, body })).statusCode, method).toBe(404);
    }
  });

  it('counts each company’s boxes and users, lists a subtree, and keeps a company that still has boxes', async () => {
    const rows = (await t.api('GET', `/manager/custom?subtree=${w.a}&sort=id`, { token: w.admin })).json().data;
    expect(rows.map((c: { id: number; device_count: number; user_count: number }) => [c.id, c.device_count, c.user_count])).toEqual([
      [w.a, 1, 1],
      [w.a1, 1, 0],
    ]);
    const refusedDelete = await t.api('DELETE', `/manager/custom/${w.a1}`, { token: w.admin });
    expect(refusedDelete.json().code).toBe(300);
    expect(refusedDelete.json().message).toContain('1 台设备');
  });
});
