import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_FLOW_PATH, DEVICE_PATH, EXPORT_PATH, type ExportJob, MACHINE_OUTPUT_TODAY_PATH, MACHINE_PATH, TAG_PATH, TRAFFIC_CUSTOMERS_PATH, TRAFFIC_PATH, TRAFFIC_PLAN_PATH } from '@gw/contracts';
import { deviceFlow } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { API, type TestApp, createTestApp } from '../../test/harness.js';
import { operationsOf } from '../../test/hostile.js';
import { licenseBox } from '../../test/license.js';
import { sheetRows } from '../../test/xlsx.js';

/**
 * Tenant isolation over every fleet route: a user of company B names rows of company A by their real ids, on
 * every operation the OpenAPI document lists — read, write, delete, bulk, actions, export, stats — and is
 * answered as if they did not exist, with nothing changed.
 */
describe('fleet routes with a foreign id', () => {
  let t: TestApp;
  let w: FleetWorld;
  const ids = { device: 0, machine: 0, tag: 0, flow: 0 };

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    w = await fleetWorld(t, 'I');
    ids.device = w.boxes.a;
    await licenseBox(t, w.admin, w.boxes.a, [{ model: 'all', count: 5 }]);
    const machine = await t.api('POST', MACHINE_PATH, { token: w.userA, body: { device_id: w.boxes.a, code: 'A-M1', category: 'fanuc' } });
    ids.machine = machine.json().data.id;
    ids.tag = (await t.api('POST', TAG_PATH, { token: w.userA, body: { name: '甲的标签' } })).json().data.id;
    await t.api('POST', `${DEVICE_PATH}/tag`, { token: w.userA, body: { ids: [w.boxes.a], tag_ids: [ids.tag], mode: 'add' } });
    [{ id: ids.flow }] = await t.db.select({ id: deviceFlow.id }).from(deviceFlow).where(eq(deviceFlow.device_id, w.boxes.a)).limit(1);
  });
  afterAll(() => t.close());

  /** Each fleet route with a path id or ids in its body, and what user B sends to it about A's rows. */
  const attempts = (): Record<string, { body?: unknown; id?: number }> => ({
    [`GET ${DEVICE_PATH}/{id}`]: { id: ids.device },
    [`PUT ${DEVICE_PATH}/{id}`]: { id: ids.device, body: { name: '乙改的' } },
    [`DELETE ${DEVICE_PATH}/{id}`]: { id: ids.device },
    [`POST ${DEVICE_PATH}/{id}/secret`]: { id: ids.device },
    [`DELETE ${DEVICE_PATH}`]: { body: { ids: [ids.device] } },
    [`POST ${DEVICE_PATH}/tag`]: { body: { ids: [ids.device], tag_ids: [ids.tag], mode: 'remove' } },
    [`POST ${DEVICE_PATH}/assign`]: { body: { ids: [ids.device], customer_id: w.b } },
    [`GET ${MACHINE_PATH}/{id}`]: { id: ids.machine },
    [`PUT ${MACHINE_PATH}/{id}`]: { id: ids.machine, body: { name: '乙改的' } },
    [`DELETE ${MACHINE_PATH}/{id}`]: { id: ids.machine },
    [`DELETE ${MACHINE_PATH}`]: { body: { ids: [ids.machine] } },
    [`GET ${TAG_PATH}/{id}`]: { id: ids.tag },
    [`PUT ${TAG_PATH}/{id}`]: { id: ids.tag, body: { name: '乙改的' } },
    [`DELETE ${TAG_PATH}/{id}`]: { id: ids.tag },
    [`DELETE ${TAG_PATH}`]: { body: { ids: [ids.tag] } },
    [`GET ${DEVICE_FLOW_PATH}/{id}`]: { id: ids.flow },
    [`GET ${DEVICE_PATH}/{id}/online_log`]: { id: ids.device },
    [`GET ${DEVICE_PATH}/{id}/firmware`]: { id: ids.device },
    [`POST ${DEVICE_PATH}/{id}/refresh`]: { id: ids.device },
    [`POST ${DEVICE_PATH}/{id}/box_login`]: { id: ids.device, body: { password: 'admin' } },
    [`POST ${DEVICE_PATH}/{id}/box_api`]: { id: ids.device, body: { method: 'GET', url: '/api/config' } },
    [`GET ${MACHINE_PATH}/{id}/realtime`]: { id: ids.machine },
    [`GET ${MACHINE_PATH}/{id}/timeline`]: { id: ids.machine },
    [`GET ${MACHINE_PATH}/{id}/parts`]: { id: ids.machine },
    [`GET ${MACHINE_PATH}/{id}/alarms`]: { id: ids.machine },
    [`GET ${MACHINE_PATH}/{id}/oee`]: { id: ids.machine },
    [`GET ${MACHINE_PATH}/{id}/plan`]: { id: ids.machine },
    [`PUT ${MACHINE_PATH}/{id}/plan`]: { id: ids.machine, body: { shifts: null, ideal_cycle_s: 5 } },
    [`PUT ${MACHINE_PATH}/{id}/scrap`]: { id: ids.machine, body: { date: '2024-01-02', shift: '白班', count: 1 } },
    [`POST ${MACHINE_PATH}/{id}/alarms/export`]: { id: ids.machine, body: { filters: { keywords: '报警' } } },
    [`GET ${TRAFFIC_PATH}/{id}/daily`]: { id: ids.device },
    [`POST ${TRAFFIC_PATH}/set_plan`]: { body: { ids: [ids.device], plan_id: null } },
  });

  it('answers every foreign id with 404 and changes nothing', async () => {
    const doc = t.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
    const fleetOps = operationsOf(doc, API)
      .map((op) => `${op.method} ${op.path.slice(API.length)}`)
      .filter((op) => [DEVICE_PATH, MACHINE_PATH, TAG_PATH, DEVICE_FLOW_PATH, TRAFFIC_PATH].some((p) => op.split(' ')[1].startsWith(p)))
      // SIM plans are the vendor's, no customer's rows: a customer reads them all and writes none (below)
      .filter((op) => !op.split(' ')[1].startsWith(TRAFFIC_PLAN_PATH))
      .filter((op) => op.includes('{id}') || op.startsWith('DELETE') || [`POST ${DEVICE_PATH}/tag`, `POST ${DEVICE_PATH}/assign`, `POST ${TRAFFIC_PATH}/set_plan`].includes(op));
    const table = attempts();
    // a fleet route with ids that this table does not try is a route nobody checked
    expect(fleetOps.filter((op) => !table[op]).sort()).toEqual([]);

    for (const [op, { id, body }] of Object.entries(table)) {
      const [method, path] = op.split(' ');
      const res = await t.api(method, path.replace('{id}', String(id)), { token: w.userB, body });
      expect(res.statusCode, op).toBe(404);
    }
    const box = (await t.api('GET', `${DEVICE_PATH}/${ids.device}`, { token: w.userA })).json().data;
    expect(box).toMatchObject({ gateway_id: 'I-A', name: 'I-A', tags: [{ id: ids.tag }] });
    expect((await t.api('GET', `${MACHINE_PATH}/${ids.machine}`, { token: w.userA })).json().data.code).toBe('A-M1');
  });

  it('lists nothing of A for B, whatever the filter names', async () => {
    for (const url of [
      `${DEVICE_PATH}?customer_id=${w.a}`,
      `${DEVICE_PATH}?tag_id=${ids.tag}`,
      `${MACHINE_PATH}?device_id=${ids.device}`,
      `${TAG_PATH}?customer_id=${w.a}`,
      `${DEVICE_FLOW_PATH}?device_id=${ids.device}`,
      `${DEVICE_FLOW_PATH}?customer_id=${w.a}`,
      `${TRAFFIC_PATH}?customer_id=${w.a}`,
      `${TRAFFIC_PATH}?keywords=I-A`,
    ]) {
      const body = (await t.api('GET', url, { token: w.userB })).json();
      expect(body, url).toMatchObject({ code: 200, count: 0, data: [] });
    }
    expect((await t.api('GET', `${TRAFFIC_CUSTOMERS_PATH}?customer_id=${w.a}`, { token: w.userB })).json().data).toEqual([]);
    const stats = (await t.api('GET', `${DEVICE_PATH}/stats`, { token: w.userB })).json().data;
    expect(stats.reduce((n: number, r: { total: number }) => n + r.total, 0)).toBe(1);
    // 今日产量 counts A's machine tool for A only
    const output = async (token: string) => (await t.api('GET', MACHINE_OUTPUT_TODAY_PATH, { token })).json().data;
    expect(await output(w.userB)).toMatchObject({ machines: 0, items: [] });
    expect(await output(w.userA)).toMatchObject({ machines: 1, items: [{ customer_id: w.a, machines: 1 }] });
  });

  it('refuses B a machine tool under A box and the assignment of A box', async () => {
    const machine = await t.api('POST', MACHINE_PATH, { token: w.userB, body: { device_id: ids.device, code: 'B-M', category: 'fanuc' } });
    expect(machine.json()).toMatchObject({ code: 300, message: '网关设备不存在' });
    const assign = await t.api('POST', `${DEVICE_PATH}/assign`, { token: w.admin, body: { ids: [ids.device, 999_999], customer_id: w.b } });
    expect(assign.statusCode).toBe(404);
  });

  it('exports for B only the rows of B, whatever the filters say', async () => {
    const job = (await t.api('POST', `${DEVICE_PATH}/export`, { token: w.userB, body: { filters: { customer_id: w.a } } })).json().data as ExportJob;
    let done: ExportJob = job;
    for (let i = 0; i < 500 && done.state !== 'done' && done.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      done = (await t.api('GET', `${EXPORT_PATH}/${job.id}`, { token: w.userB })).json().data;
    }
    expect(done).toMatchObject({ state: 'done', row_count: 0 });
    const all = (await t.api('POST', `${DEVICE_PATH}/export`, { token: w.userB, body: {} })).json().data as ExportJob;
    let finished: ExportJob = all;
    for (let i = 0; i < 500 && finished.state !== 'done' && finished.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      finished = (await t.api('GET', `${EXPORT_PATH}/${all.id}`, { token: w.userB })).json().data;
    }
    const file = await t.api('GET', `${EXPORT_PATH}/${all.id}/download`, { token: w.userB });
    const rows = await sheetRows(file.rawPayload);
    expect(rows.slice(1).map((r) => r.includes('I-B'))).toEqual([true]);
  });

  it('lets a customer read the SIM plans but write none of them', async () => {
    const plan = (await t.api('POST', TRAFFIC_PLAN_PATH, { token: w.admin, body: { name: '平台套餐', monthly_mb: 100 } })).json().data;
    expect((await t.api('GET', `${TRAFFIC_PLAN_PATH}/${plan.id}`, { token: w.userB })).json().data.name).toBe('平台套餐');
    for (const [method, path, body] of [
      ['POST', TRAFFIC_PLAN_PATH, { name: '乙的', monthly_mb: 1 }],
      ['PUT', `${TRAFFIC_PLAN_PATH}/${plan.id}`, { monthly_mb: 1 }],
      ['DELETE', `${TRAFFIC_PLAN_PATH}/${plan.id}`, undefined],
      ['DELETE', TRAFFIC_PLAN_PATH, { ids: [plan.id] }],
    ] as const) {
      expect((await t.api(method, path, { token: w.userB, body })).json(), `${method} ${path}`).toMatchObject({ code: 300 });
    }
    expect((await t.api('GET', `${TRAFFIC_PLAN_PATH}/${plan.id}`, { token: w.admin })).json().data.monthly_mb).toBe(100);
  });
});
