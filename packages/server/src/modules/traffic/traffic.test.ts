import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH, type ExportJob, MB_BYTES, TRAFFIC_CUSTOMERS_PATH, TRAFFIC_PATH, TRAFFIC_PLAN_PATH, type TrafficBox, trafficDailyPath } from '@gw/contracts';
import { deviceTraffic } from '../../db/schema.js';
import { exportRunnerOf } from '../../jobs/export-runner.js';
import { zoneDate } from '../../lib/platform-zone.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { sheetRows } from '../../test/xlsx.js';

const MONTH = '2025-03';

describe('设备流量 routes', () => {
  let t: TestApp;
  let w: FleetWorld;
  const get = async (url: string, token = w.admin) => (await t.api('GET', url, { token })).json();
  const gateways = (rows: TrafficBox[]) => rows.map((r) => r.gateway_id);

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    w = await fleetWorld(t, 'F');
    const { a, a1, b } = w.boxes;
    await t.db.insert(deviceTraffic).values([
      // A: 3 MB over two days; A1: 1.5 MB; B: 2 MB; and a day of the month before that no March figure counts
      { device_id: a, day: `${MONTH}-01`, up_bytes: MB_BYTES, down_bytes: MB_BYTES },
      { device_id: a, day: `${MONTH}-31`, up_bytes: MB_BYTES / 2, down_bytes: MB_BYTES / 2 },
      { device_id: a1, day: `${MONTH}-15`, up_bytes: MB_BYTES, down_bytes: MB_BYTES / 2 },
      { device_id: b, day: `${MONTH}-10`, up_bytes: MB_BYTES / 2, down_bytes: MB_BYTES * 1.5 },
      { device_id: a, day: '2025-02-28', up_bytes: 50 * MB_BYTES, down_bytes: 0 },
      { device_id: b, day: zoneDate(t.clock.now()), up_bytes: 300, down_bytes: 700 },
    ]);
  });
  afterAll(() => t.close());

  it("lists every box with its month's traffic, most first, and the first page of limit N is the top N", async () => {
    const list = await get(`${TRAFFIC_PATH}?month=${MONTH}`);
    expect(list.count).toBe(4);
    expect(gateways(list.data)).toEqual(['F-A', 'F-B', 'F-A1', 'F-S']);
    expect(list.data[0]).toMatchObject({ up_bytes: 1.5 * MB_BYTES, down_bytes: 1.5 * MB_BYTES, total_bytes: 3 * MB_BYTES, customer_id: w.a, customer_name: 'F 甲集团', plan_id: null, over: false, ratio: null });
    const top = await get(`${TRAFFIC_PATH}?month=${MONTH}&limit=2`);
    expect(gateways(top.data)).toEqual(['F-A', 'F-B']);
    expect(top).toMatchObject({ count: 4, next: 2 });
    expect(gateways((await get(`${TRAFFIC_PATH}?month=${MONTH}&sort=-down_bytes`)).data).slice(0, 2)).toEqual(['F-B', 'F-A']);
    expect(gateways((await get(`${TRAFFIC_PATH}?month=${MONTH}&keywords=f-a1`)).data)).toEqual(['F-A1']);
    // no month: this month by the server clock
    expect((await get(TRAFFIC_PATH)).data[0]).toMatchObject({ gateway_id: 'F-B', total_bytes: 1000 });
    expect((await t.api('GET', `${TRAFFIC_PATH}?month=2025-13`, { token: w.admin })).statusCode).toBe(400);
  });

  it("keeps a customer's user to its company tree, and customer_id to that company's subtree", async () => {
    expect(gateways((await get(`${TRAFFIC_PATH}?month=${MONTH}`, w.userA)).data)).toEqual(['F-A', 'F-A1']);
    expect(gateways((await get(`${TRAFFIC_PATH}?month=${MONTH}`, w.userB)).data)).toEqual(['F-B']);
    expect(gateways((await get(`${TRAFFIC_PATH}?month=${MONTH}&customer_id=${w.a}`)).data)).toEqual(['F-A', 'F-A1']);
    expect((await get(`${TRAFFIC_PATH}?month=${MONTH}&customer_id=${w.a}`, w.userB)).count).toBe(0);
  });

  it('adds up each company, most first, within the scope', async () => {
    const all = (await get(`${TRAFFIC_CUSTOMERS_PATH}?month=${MONTH}`)).data;
    expect(all.slice(0, 3)).toEqual([
      { customer_id: w.a, customer_name: 'F 甲集团', box_count: 1, up_bytes: 1.5 * MB_BYTES, down_bytes: 1.5 * MB_BYTES, total_bytes: 3 * MB_BYTES },
      { customer_id: w.b, customer_name: 'F 乙公司', box_count: 1, up_bytes: MB_BYTES / 2, down_bytes: 1.5 * MB_BYTES, total_bytes: 2 * MB_BYTES },
      expect.objectContaining({ customer_id: w.a1, total_bytes: 1.5 * MB_BYTES }),
    ]);
    expect((await get(`${TRAFFIC_CUSTOMERS_PATH}?month=${MONTH}&limit=1`)).data).toHaveLength(1);
    expect((await get(`${TRAFFIC_CUSTOMERS_PATH}?month=${MONTH}`, w.userB)).data.map((c: { customer_id: number }) => c.customer_id)).toEqual([w.b]);
  });

  it("draws one box's days with the days without traffic as 0, and answers a box outside the scope as missing", async () => {
    const daily = (await get(`${trafficDailyPath(w.boxes.a)}?start=${MONTH}-01&end=${MONTH}-31`)).data;
    expect(daily.days).toHaveLength(31);
    expect(daily.days[0]).toEqual({ day: `${MONTH}-01`, up_bytes: MB_BYTES, down_bytes: MB_BYTES });
    expect(daily.days[1]).toEqual({ day: `${MONTH}-02`, up_bytes: 0, down_bytes: 0 });
    expect(daily).toMatchObject({ gateway_id: 'F-A', up_bytes: 1.5 * MB_BYTES, down_bytes: 1.5 * MB_BYTES, start: `${MONTH}-01`, end: `${MONTH}-31` });
    expect((await get(trafficDailyPath(w.boxes.b))).data.days).toHaveLength(30);
    expect((await t.api('GET', trafficDailyPath(w.boxes.a), { token: w.userB })).statusCode).toBe(404);
    const tooLong = await t.api('GET', `${trafficDailyPath(w.boxes.a)}?start=2024-01-01&end=2025-03-01`, { token: w.admin });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('366');
    expect((await t.api('GET', `${trafficDailyPath(w.boxes.a)}?start=2025-03-05&end=2025-03-01`, { token: w.admin })).statusCode).toBe(400);
  });

  it('shows a box over its plan, and the default plan for boxes without one', async () => {
    const plan = async (body: object) => (await t.api('POST', TRAFFIC_PLAN_PATH, { token: w.admin, body })).json();
    const small = (await plan({ name: '小流量', monthly_mb: 2 })).data.id;
    await plan({ name: '默认 1G', monthly_mb: 1024, is_default: true });
    expect((await plan({ name: '小流量', monthly_mb: 5 })).message).toBe('套餐名称 小流量 已存在');
    const set = await t.api('POST', `${TRAFFIC_PATH}/set_plan`, { token: w.userA, body: { ids: [w.boxes.a], plan_id: small } });
    expect(set.json()).toMatchObject({ code: 200, message: '已为 1 台设备设置套餐 小流量' });

    const rows: TrafficBox[] = (await get(`${TRAFFIC_PATH}?month=${MONTH}`)).data;
    expect(rows[0]).toMatchObject({ gateway_id: 'F-A', plan_name: '小流量', plan_mb: 2, over: true, ratio: 1.5 });
    expect(rows[1]).toMatchObject({ gateway_id: 'F-B', plan_name: '默认 1G', over: false });
    expect(gateways((await get(`${TRAFFIC_PATH}?month=${MONTH}&over=yes`)).data)).toEqual(['F-A']);
    expect((await get(TRAFFIC_PLAN_PATH, w.userA)).data.find((p: { id: number }) => p.id === small)).toMatchObject({ box_count: 1 });

    // a second default takes the mark from the first; no plan of its own brings the default back
    await plan({ name: '默认 2G', monthly_mb: 2048, is_default: true });
    expect((await get(TRAFFIC_PLAN_PATH)).data.filter((p: { is_default: boolean }) => p.is_default).map((p: { name: string }) => p.name)).toEqual(['默认 2G']);
    await t.api('POST', `${TRAFFIC_PATH}/set_plan`, { token: w.admin, body: { ids: [w.boxes.a], plan_id: null } });
    expect((await get(`${TRAFFIC_PATH}?month=${MONTH}`)).data[0]).toMatchObject({ plan_name: '默认 2G', over: false });
  });

  it("refuses a customer's user plan writes and the boxes of others", async () => {
    expect((await t.api('POST', TRAFFIC_PLAN_PATH, { token: w.userA, body: { name: '客户自建', monthly_mb: 10 } })).json()).toMatchObject({
      code: 300,
      message: '流量套餐由平台统一管理,客户账号不能修改',
    });
    const foreign = await t.api('POST', `${TRAFFIC_PATH}/set_plan`, { token: w.userB, body: { ids: [w.boxes.a], plan_id: null } });
    expect(foreign.statusCode).toBe(404);
    const noPlan = await t.api('POST', `${TRAFFIC_PATH}/set_plan`, { token: w.admin, body: { ids: [w.boxes.a], plan_id: 999_999 } });
    expect(noPlan.statusCode).toBe(404);
  });

  it('exports the month as a job: MB per box in the list order, only the rows of the caller', async () => {
    const run = async (token: string, filters: object) => {
      const job = (await t.api('POST', `${TRAFFIC_PATH}/export`, { token, body: { filters } })).json().data as ExportJob;
      await exportRunnerOf(t.deps)!.idle();
      const done = (await t.api('GET', `${EXPORT_PATH}/${job.id}`, { token })).json().data as ExportJob;
      expect(done).toMatchObject({ state: 'done', title: '设备流量' });
      return sheetRows((await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token })).rawPayload);
    };
    const rows = await run(w.admin, { month: MONTH });
    expect(rows[0]).toEqual(['网关ID', '设备名称', '所属公司', '上行(MB)', '下行(MB)', '合计(MB)', '套餐', '套餐流量(MB)', '套餐用量(%)', '超额']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['F-A', 'F-B', 'F-A1', 'F-S']);
    expect(rows[1].slice(3, 6)).toEqual([1.5, 1.5, 3]);
    const mine = await run(w.userB, { month: MONTH, customer_id: w.a });
    expect(mine).toHaveLength(1);
    expect((await run(w.userB, { month: MONTH })).slice(1).map((r) => r[0])).toEqual(['F-B']);
  });
});
