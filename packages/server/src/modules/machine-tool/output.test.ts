import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION,
  DEVICE_PATH,
  MACHINE_MENU,
  MACHINE_OUTPUT_TODAY_PATH,
  MACHINE_PATH,
  type MachineOee,
  type MachineParts,
  type MachineTimeline,
  type OutputToday,
  machineHistoryPath,
} from '@gw/contracts';
import { customer, device, machineTool, role } from '../../db/schema.js';
import { storeBatch } from '../../mqtt/ingest/store.js';
import type { Reading as IngestReading } from '../../mqtt/ingest/types.js';
import { TelemetryPartitions, dayKey } from '../../mqtt/ingest/partitions.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Midnight of today in China as the calendar there shows it (read through Intl, not by the route's arithmetic). */
function chinaMidnight(now: Date): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
  return Date.parse(`${day}T00:00:00+08:00`);
}

/** A reading at a time: cnc_runstatus 1 runs, 0 stands (no brand's table: category modbus), with the counter or alarms. */
type Reading = [number, Record<string, unknown>];

/**
 * 首页's 今日产量, from readings through the ingest itself. Group A has workshop A1 below it, B is unrelated; the
 * clock stands at 15:00 China time, so 15 hours of today have gone. A's box: M1 runs 08:00–11:00 and since 12:00
 * (6 h) and makes 55 parts across a counter reset; M2 idles and makes 3 from a counter sent as text; a disabled
 * machine tool runs and counts nothing. A1's box: M3 runs since yesterday with no running reading today (15 h)
 * and makes 30, its first counter reading ever adding nothing. B's box: M4 runs 09:00–10:30 and makes 100.
 * C's box has two machine tools added at 14:00 today: NEW reports from then on and runs, EARLY's box reported
 * it before it was added (idle from 10:00, running from 12:00). Every other machine tool was added long ago.
 */
describe('今日产量 on 首页', () => {
  let t: TestApp;
  let admin: string;
  let userA: string;
  let userB: string;
  let userC: string;
  let noMachine: string;
  let midnight = 0;
  const ids = { a: 0, a1: 0, b: 0, c: 0 };
  const m: Record<string, number> = {};
  const h = (hours: number, minutes = 0) => midnight + hours * HOUR + minutes * MIN;

  beforeAll(async () => {
    t = await createTestApp();
    midnight = chinaMidnight(t.clock.now());
    const now = h(15);
    t.clock.now = () => new Date(now);
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string, parent_id: number | null = null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
    ids.a = await company('甲集团');
    ids.a1 = await company('甲一车间', ids.a);
    ids.b = await company('乙公司');
    ids.c = await company('丙工厂');
    const roleWith = async (name: string, menu: string) =>
      (await t.db.insert(role).values({ name, menus: [{ menu, action: ACTION.query }] }).returning({ id: role.id }))[0].id;
    const machineRole = await roleWith('看机床', MACHINE_MENU);
    await t.createUser({ username: 'out-a', roles: [machineRole], customer_id: ids.a });
    await t.createUser({ username: 'out-b', roles: [machineRole], customer_id: ids.b });
    await t.createUser({ username: 'out-c', roles: [machineRole], customer_id: ids.c });
    await t.createUser({ username: 'out-box', roles: [await roleWith('只看网关', DEVICE_PATH)], customer_id: ids.a });
    userA = await t.login('out-a', 'secret-123');
    userB = await t.login('out-b', 'secret-123');
    userC = await t.login('out-c', 'secret-123');
    noMachine = await t.login('out-box', 'secret-123');

    const alarm = [{ alarm_no: '1001', alarm_type: 'OT', alarm_msg: '超程' }];
    const machines: [string, number, boolean, Reading[], created?: number][] = [
      ['M1', ids.a, true, [
        [h(-4), { cnc_runstatus: 0, cnc_products: 100 }], [h(8), { cnc_runstatus: 1 }], [h(8, 30), { cnc_products: 110 }], [h(10), { cnc_products: 130 }],
        [h(11), { cnc_runstatus: 0, cnc_alarm: alarm, cnc_products: 5 }], [h(11, 20), { cnc_alarm: [] }], [h(12), { cnc_runstatus: 1 }], [h(14), { cnc_products: 25 }],
      ]],
      ['M2', ids.a, true, [[h(-3), { cnc_runstatus: 0, cnc_products: 7 }], [h(9), { cnc_products: '10' }], [h(9, 30), { cnc_runstatus: 0 }]]],
      ['OFF', ids.a, false, [[h(-3), { cnc_runstatus: 1, cnc_products: 1 }], [h(9), { cnc_products: 90 }]]],
      ['M3', ids.a1, true, [[h(-5), { cnc_runstatus: 1 }], [h(6), { cnc_products: 50 }], [h(9), { cnc_products: 80 }]]],
      ['M4', ids.b, true, [[h(-30), { cnc_runstatus: 0 }], [h(-20), { cnc_products: 0 }], [h(9), { cnc_runstatus: 1 }], [h(10), { cnc_products: 100 }], [h(10, 30), { cnc_runstatus: 0 }]]],
      ['NEW', ids.c, true, [[h(14), { cnc_runstatus: 1, cnc_products: 0 }], [h(14, 30), { cnc_products: 20 }]], h(14)],
      ['EARLY', ids.c, true, [[h(10), { cnc_runstatus: 0, cnc_products: 0 }], [h(12), { cnc_runstatus: 1 }], [h(14, 30), { cnc_products: 10 }]], h(14)],
    ];
    const boxes = new Map<number, number>();
    let ip = 1;
    await new TelemetryPartitions(t.db).ensure(new Set(machines.flatMap(([, , , readings]) => readings.map(([ms]) => dayKey(new Date(ms))))));
    const readings: IngestReading[] = [];
    for (const [code, customerId, enabled, list, created = h(-24 * 30)] of machines) {
      if (!boxes.has(customerId)) {
        const [box] = await t.db
          .insert(device)
          .values({ gateway_id: `OUT-${customerId}`, name: `OUT-${customerId}`, secret_hash: 'x', customer_id: customerId, online: true })
          .returning({ id: device.id });
        boxes.set(customerId, box.id);
      }
      const deviceId = boxes.get(customerId)!;
      const [tool] = await t.db
        .insert(machineTool)
        .values({ device_id: deviceId, code, name: `${code} 机床`, category: 'modbus', enabled, ip: `10.96.0.${ip++}`, created_at: new Date(created) })
        .returning({ id: machineTool.id });
      m[code] = tool.id;
      for (const [ms, values] of list) readings.push({ machineId: tool.id, deviceId, customerId, category: 'modbus', ts: new Date(ms), values });
    }
    // as the boxes report them: in time order, a batch a reading
    for (const reading of readings.sort((x, y) => x.ts.getTime() - y.ts.getTime())) await storeBatch(t.db, [reading]);
  });
  afterAll(() => t.close());

  const output = async (token: string, query = ''): Promise<OutputToday> => {
    const res = await t.api('GET', `${MACHINE_OUTPUT_TODAY_PATH}${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const day = 15 * 3600;
  /** A customer's row; planned: its machine tools' seconds today since they came into being (all day by default). */
  const row = (customer_id: number, customer_name: string, machines: number, parts: number, run_s: number, planned_s = machines * day) => ({
    customer_id,
    customer_name,
    machines,
    parts,
    run_s,
    planned_s,
    utilisation: run_s / planned_s,
  });
  // NEW: planned 14:00–15:00, ran all of it; EARLY: planned from its first report at 10:00, ran 12:00–15:00
  const c = () => row(ids.c, '丙工厂', 2, 30, 4 * 3600, 6 * 3600);

  it('shows every customer of the vendor by parts made today, with the running share of their machine tools', async () => {
    expect(await output(admin)).toEqual({
      items: [row(ids.b, '乙公司', 1, 100, 1.5 * 3600), row(ids.a, '甲集团', 2, 58, 6 * 3600), row(ids.a1, '甲一车间', 1, 30, day), c()],
      machines: 6,
      parts: 218,
      run_s: 26.5 * 3600,
      planned_s: 4 * day + 6 * 3600,
      utilisation: (26.5 * 3600) / (4 * day + 6 * 3600),
    });
  });

  it('plans a machine tool added today from when it came into being: its creation, or its first report when earlier', async () => {
    expect(await output(userC)).toEqual({ items: [c()], machines: 2, parts: 30, run_s: 4 * 3600, planned_s: 6 * 3600, utilisation: 2 / 3 });
    // the same machine tools on 机床详情: no 离线 before they came into being, and OEE plans from there too
    const detail = async <T>(id: number, view: string): Promise<T> => (await t.api('GET', `${MACHINE_PATH}/${id}/${view}`, { token: userC })).json().data;
    expect(await detail<MachineTimeline>(m.NEW, 'timeline')).toMatchObject({
      start: new Date(midnight).toISOString(),
      since: new Date(h(14)).toISOString(),
      bands: [{ state: 'running', start: new Date(h(14)).toISOString(), end: new Date(h(15)).toISOString() }],
      totals: { running: 3600, idle: 0, alarm: 0, offline: 0 },
    });
    expect(await detail<MachineTimeline>(m.EARLY, 'timeline')).toMatchObject({
      since: new Date(h(10)).toISOString(),
      totals: { running: 3 * 3600, idle: 2 * 3600, alarm: 0, offline: 0 },
    });
    // 白班 08:00–20:00 so far: NEW planned 1 h and ran 1 h (开动率 100 %), EARLY planned 5 h and ran 3 h
    const oee = await detail<MachineOee>(m.NEW, 'oee');
    expect(oee.shifts[0]).toMatchObject({ name: '白班', planned_s: 3600, run_s: 3600, availability: 1 });
    expect(oee.day).toMatchObject({ planned_s: 3600, run_s: 3600, availability: 1 });
    expect((await detail<MachineOee>(m.EARLY, 'oee')).day).toMatchObject({ planned_s: 5 * 3600, run_s: 3 * 3600, availability: 0.6 });
  });

  it('keeps to the caller subtree, its totals included, and shows the top `limit` over the same totals', async () => {
    const a = await output(userA);
    expect(a).toMatchObject({ machines: 3, parts: 88, run_s: 21 * 3600, planned_s: 3 * day, utilisation: 21 / 45 });
    expect(a.items.map((r) => r.customer_name)).toEqual(['甲集团', '甲一车间']);
    expect(await output(userA, '?limit=1')).toEqual({ ...a, items: [a.items[0]] });
    expect(await output(userB)).toEqual({ items: [row(ids.b, '乙公司', 1, 100, 1.5 * 3600)], machines: 1, parts: 100, run_s: 5400, planned_s: day, utilisation: 0.1 });
  });

  it('agrees with 机床详情: a customer runs the running seconds of its machine tools timelines over their span and makes their parts per hour', async () => {
    const detail = async <T>(id: number, view: 'timeline' | 'parts'): Promise<T> => (await t.api('GET', machineHistoryPath(id, view), { token: admin })).json().data;
    const byName = new Map((await output(admin)).items.map((r) => [r.customer_name, r]));
    for (const [name, codes] of [['甲集团', ['M1', 'M2']], ['甲一车间', ['M3']], ['乙公司', ['M4']], ['丙工厂', ['NEW', 'EARLY']]] as const) {
      let [run, planned, parts] = [0, 0, 0];
      for (const code of codes) {
        const timeline = await detail<MachineTimeline>(m[code], 'timeline');
        run += timeline.totals.running;
        planned += (Date.parse(timeline.end) - Date.parse(timeline.since)) / 1000;
        parts += (await detail<MachineParts>(m[code], 'parts')).total;
      }
      expect(byName.get(name), name).toMatchObject({ run_s: run, planned_s: planned, parts });
    }
  });

  it('refuses a limit that is not a count with 400, and a user without the 机床 menu with 401', async () => {
    for (const limit of ['0', 'ten', '101']) {
      const res = await t.api('GET', `${MACHINE_OUTPUT_TODAY_PATH}?limit=${limit}`, { token: admin });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message).toMatch(/limit/);
    }
    const res = await t.api('GET', MACHINE_OUTPUT_TODAY_PATH, { token: noMachine });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('您没有权限访问');
  });
});
