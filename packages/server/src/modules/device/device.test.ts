import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH, type Device, LICENSE_PATH, TAG_PATH } from '@gw/contracts';
import { device, deviceFlow, operationLog } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { licenseBox } from '../../test/license.js';
import { loadDeviceSecretKey } from '../../mqtt/identity/secret.js';
import { verifyDeviceSecret } from '../../mqtt/identity/secret.js';

describe('网关设备 (/device/device)', () => {
  let t: TestApp;
  let w: FleetWorld;
  const list = async (token: string, query = '') => (await t.api('GET', `${DEVICE_PATH}?limit=100&${query}`, { token })).json<{ code: number; count: number; data: Device[] }>();
  const gatewayIds = (body: { data: Device[] }) => body.data.map((d) => d.gateway_id).sort();

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t);
  });
  afterAll(() => t.close());

  it('creates a box in stock with the vendor, a VPN address and a secret shown once and stored only as a keyed hash', async () => {
    const res = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: 'GW-new_01', fingerprint: 'fp-1', imei: '860000000000001' } });
    const body = res.json();
    expect(body).toMatchObject({ code: 200, data: { gateway_id: 'GW-new_01', state: 'in_stock', company_name: '平台运营方', license_state: 'none', online: false } });
    expect(body.data.vpn_ip).toMatch(/^10\.8\.\d+\.\d+$/);
    expect(body.data.secret).toMatch(/^[\w-]{24,}$/);
    const again = (await t.api('GET', `${DEVICE_PATH}/${body.data.id}`, { token: w.admin })).json();
    expect(again.data.secret).toBeUndefined();
    const [stored] = await t.db.select({ hash: device.secret_hash }).from(device).where(eq(device.id, body.data.id));
    expect(stored.hash).not.toContain(body.data.secret);
    expect(verifyDeviceSecret(await loadDeviceSecretKey(t.db), body.data.secret, stored.hash)).toBe(true);
  });

  it('refuses a gateway id that is taken or malformed', async () => {
    const taken = (await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: 'W-A' } })).json();
    expect(taken).toMatchObject({ code: 300, message: '设备ID W-A 已存在' });
    const bad = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: 'has space' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('gateway_id');
  });

  it('resets a secret: the new one verifies, the old one no longer does', async () => {
    const res = (await t.api('POST', `${DEVICE_PATH}/${w.boxes.a}/secret`, { token: w.admin })).json();
    expect(res.code).toBe(200);
    const [stored] = await t.db.select({ hash: device.secret_hash }).from(device).where(eq(device.id, w.boxes.a));
    const key = await loadDeviceSecretKey(t.db);
    expect(verifyDeviceSecret(key, res.data.secret, stored.hash)).toBe(true);
    expect(verifyDeviceSecret(key, w.secrets['W-A'], stored.hash)).toBe(false);
  });

  it('shows a customer user exactly the boxes of its subtree, and the stats of those', async () => {
    expect(gatewayIds(await list(w.userA))).toEqual(['W-A', 'W-A1']);
    expect(gatewayIds(await list(w.userB))).toEqual(['W-B']);
    const stats = (await t.api('GET', `${DEVICE_PATH}/stats`, { token: w.userA })).json();
    expect(stats.data).toEqual([{ goods_id: w.goodsId, goods_name: 'W 网关(4G)', total: 2, online: 0, offline: 2 }]);
  });

  it('filters by customer subtree, type, state and keywords', async () => {
    expect(gatewayIds(await list(w.admin, `customer_id=${w.a}`))).toEqual(['W-A', 'W-A1']);
    expect(gatewayIds(await list(w.admin, `customer_id=${w.a1}`))).toEqual(['W-A1']);
    expect((await list(w.admin, `goods_id=${w.goodsId}`)).count).toBe(4);
    expect(gatewayIds(await list(w.admin, 'keywords=w-a1'))).toEqual(['W-A1']);
    expect((await list(w.admin, 'state=in_stock')).count).toBeGreaterThanOrEqual(4);
  });

  it('writes a 调拨 row per assigned box, so the owner is explained by the ledger', async () => {
    const flows = await t.db.select().from(deviceFlow).where(eq(deviceFlow.device_id, w.boxes.a1));
    expect(flows.map((f) => f.type)).toEqual(['purchase_in', 'transfer']);
    const [box] = await t.db.select().from(device).where(eq(device.id, w.boxes.a1));
    expect(flows.at(-1)).toMatchObject({ to_customer_id: box.customer_id, state: box.state });
  });

  it('lets a customer user rename, locate, remark and tag its box, and nothing else, naming the field', async () => {
    const own = await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userA, body: { name: '一号车间网关', remark: '靠窗', area_id: 110101 } });
    expect(own.json()).toMatchObject({ code: 200, data: { name: '一号车间网关', remark: '靠窗', area_id: 110101 } });
    for (const [field, value] of [
      ['gateway_id', 'STOLEN'],
      ['fingerprint', 'x'],
      ['goods_id', w.goodsId],
      ['state', 'scrapped'],
    ] as const) {
      const res = await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userA, body: { name: '改名', [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const [box] = await t.db.select().from(device).where(eq(device.id, w.boxes.a));
    expect(box).toMatchObject({ gateway_id: 'W-A', name: '一号车间网关', state: 'in_stock' });
    const create = await t.api('POST', DEVICE_PATH, { token: w.userA, body: { gateway_id: 'CUST-1' } });
    expect(create.json()).toMatchObject({ code: 300, message: '只有平台管理员可以新增网关设备' });
    const assign = await t.api('POST', `${DEVICE_PATH}/assign`, { token: w.userA, body: { ids: [w.boxes.a], customer_id: w.a1 } });
    expect(assign.json()).toMatchObject({ code: 300, message: '只有平台管理员可以分配客户' });
  });

  it('tags and untags a selection, filters by tag, and a deleted tag leaves its boxes untagged', async () => {
    const tag = (await t.api('POST', TAG_PATH, { token: w.userA, body: { name: '重点', color: 'blue' } })).json().data;
    expect(tag).toMatchObject({ customer_id: w.a, company_name: 'W 甲集团' });
    const renamed = (await t.api('PUT', `${TAG_PATH}/${tag.id}`, { token: w.admin, body: { color: 'red' } })).json().data;
    expect(renamed).toMatchObject({ customer_id: w.a, color: 'red' });
    const tagged = await t.api('POST', `${DEVICE_PATH}/tag`, { token: w.userA, body: { ids: [w.boxes.a, w.boxes.a1], tag_ids: [tag.id], mode: 'add' } });
    expect(tagged.json().code).toBe(200);
    expect(gatewayIds(await list(w.userA, `tag_id=${tag.id}`))).toEqual(['W-A', 'W-A1']);
    expect((await list(w.userA, `tag_id=${tag.id}`)).data[0].tags).toEqual([{ id: tag.id, name: '重点', color: 'red' }]);
    await t.api('POST', `${DEVICE_PATH}/tag`, { token: w.userA, body: { ids: [w.boxes.a1], tag_ids: [tag.id], mode: 'remove' } });
    expect(gatewayIds(await list(w.userA, `tag_id=${tag.id}`))).toEqual(['W-A']);
    const foreign = await t.api('POST', `${DEVICE_PATH}/tag`, { token: w.userB, body: { ids: [w.boxes.b], tag_ids: [tag.id], mode: 'add' } });
    expect(foreign.json()).toMatchObject({ code: 300, message: '标签不存在或不在您的管理范围内' });
    expect((await t.api('DELETE', `${TAG_PATH}/${tag.id}`, { token: w.userA })).json().code).toBe(200);
    expect((await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userA })).json().data.tags).toEqual([]);

    // each tag put on or taken off a box is in the operation log under the box, with who did it
    const logged = await t.db.select().from(operationLog).where(eq(operationLog.table_name, 'device_tag_link')).orderBy(operationLog.id);
    // one statement tags both boxes, in whichever order the database writes them: compare as a set
    const byActionThenBox = (x: number[], y: number[]) => x[0] - y[0] || x[1] - y[1];
    expect(logged.map((r) => [r.action, Number(r.record_id)]).sort(byActionThenBox)).toEqual(
      [
        [1, w.boxes.a],
        [1, w.boxes.a1],
        [2, w.boxes.a1],
        [2, w.boxes.a],
      ].sort(byActionThenBox),
    );
    expect(new Set(logged.map((r) => r.user_id))).toEqual(new Set([logged[0].user_id]));
    expect(logged[0].user_id).not.toBeNull();
    expect(logged[0].changes).toEqual(expect.arrayContaining([{ key: 'tag_id', before: null, after: tag.id }]));
  });

  it('refuses to delete a box with machine tools, naming how many', async () => {
    await licenseBox(t, w.admin, w.boxes.b, [{ model: 'all', count: 2 }]);
    for (const code of ['M1', 'M2']) {
      const res = await t.api('POST', '/device/machine', { token: w.userB, body: { device_id: w.boxes.b, code, category: 'fanuc' } });
      expect(res.json().code, res.body).toBe(200);
    }
    const res = await t.api('DELETE', `${DEVICE_PATH}/${w.boxes.b}`, { token: w.admin });
    expect(res.json()).toMatchObject({ code: 300, message: '设备 W-B 下还有 2 台机床,请先删除机床' });
    const stock = await t.api('DELETE', `${DEVICE_PATH}/${w.boxes.stock}`, { token: w.admin });
    expect(stock.json().code).toBe(200);
  });

  it('shows in 授权许可 what the box’s licences say: 已授权 while one is in force, 已过期, 未授权 once revoked', async () => {
    const stateOf = async (id: number) => (await t.api('GET', `${DEVICE_PATH}/${id}`, { token: w.admin })).json().data.license_state;
    const issue = async (body: object) => (await t.api('POST', LICENSE_PATH, { token: w.admin, body: { type: 'business', vpn: false, count: [{ model: 'all', count: 2 }], ...body } })).json();
    expect(await stateOf(w.boxes.a)).toBe('none');
    const inForce = await issue({ device_id: w.boxes.a, finger_print: 'fp-lic-a' });
    expect(inForce.code, JSON.stringify(inForce)).toBe(200);
    await issue({ device_id: w.boxes.a1, finger_print: 'fp-lic-a1', nbf: '2020-01-01T00:00:00+08:00', exp: '2021-01-01T00:00:00+08:00' });
    expect(await stateOf(w.boxes.a)).toBe('licensed');
    expect(await stateOf(w.boxes.a1)).toBe('expired');
    const listed = (await t.api('GET', `${DEVICE_PATH}?limit=100`, { token: w.userA })).json().data as Device[];
    expect(listed.find((d) => d.id === w.boxes.a)?.license_state).toBe('licensed');
    await t.api('POST', `${LICENSE_PATH}/${inForce.data.id}/revoke`, { token: w.admin, body: { reason: '测试' } });
    expect(await stateOf(w.boxes.a)).toBe('none');
  });

  it('writes a ledger row when an administrator sets the stock state by hand', async () => {
    const res = await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a1}`, { token: w.admin, body: { state: 'repair' } });
    expect(res.json().data.state).toBe('repair');
    const flows = await t.db.select().from(deviceFlow).where(eq(deviceFlow.device_id, w.boxes.a1));
    expect(flows.at(-1)).toMatchObject({ type: 'repair', state: 'repair' });
  });

  it('never gives two boxes created at the same moment the same VPN address', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: `PAR-${i}` } }).then((r) => r.json().data as Device)),
    );
    expect(new Set(created.map((d) => d.vpn_ip)).size).toBe(12);
  });
});
