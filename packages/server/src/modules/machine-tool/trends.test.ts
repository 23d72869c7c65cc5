import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION,
  DEVICE_PATH,
  MACHINE_ALARMS_TODAY_PATH,
  MACHINE_MENU,
  MACHINE_OUTPUT_TODAY_PATH,
  MACHINE_TRENDS_PATH,
  type MachineTrendDay,
} from '@gw/contracts';
import { customer, device, machineAlarm, machineTool, role } from '../../db/schema.js';
import { TelemetryPartitions, dayKey } from '../../mqtt/ingest/partitions.js';
import { storeBatch } from '../../mqtt/ingest/store.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;
const DAY_S = 86_400;

/** Midnight of today in China as the calendar there shows it (read through Intl, not by the route's arithmetic). */
function chinaMidnight(now: Date): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
  return Date.parse(`${day}T00:00:00+08:00`);
}
const dateOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

/**
 * 首页's trends over three days — D-2, D-1 and today, the clock at 15:00 — from readings through the ingest. Group
 * A: P, added a month ago, runs D-2 00:00–12:00 making 80, runs again from D-1 12:00 on and makes 20 today. Its
 * workshop A1: Q, added at D-2 18:00, never reports. B: R runs D-2 01:00–02:00 and stands since. Alarms: P's on D-2
 * and today, R's on D-1.
 */
describe('首页 trends: output, 稼动率 and alarms per day', () => {
  let t: TestApp;
  let admin: string;
  let userA: string;
  let userB: string;
  let noMachine: string;
  let midnight = 0;
  const h = (hours: number) => midnight + hours * HOUR;

  beforeAll(async () => {
    t = await createTestApp();
    midnight = chinaMidnight(t.clock.now());
    const now = h(15);
    t.clock.now = () => new Date(now);
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string, parent_id: number | null = null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
    const a = await company('甲集团');
    const a1 = await company('甲一车间', a);
    const b = await company('乙公司');
    const roleWith = async (name: string, menu: string) =>
      (await t.db.insert(role).values({ name, menus: [{ menu, action: ACTION.query }] }).returning({ id: role.id }))[0].id;
    const machineRole = await roleWith('看机床', MACHINE_MENU);
    await t.createUser({ username: 'trend-a', roles: [machineRole], customer_id: a });
    await t.createUser({ username: 'trend-b', roles: [machineRole], customer_id: b });
    await t.createUser({ username: 'trend-box', roles: [await roleWith('只看网关', DEVICE_PATH)], customer_id: a });
    userA = await t.login('trend-a', 'secret-123');
    userB = await t.login('trend-b', 'secret-123');
    noMachine = await t.login('trend-box', 'secret-123');

    let ip = 1;
    const machine = async (code: string, customerId: number, created: number) => {
      const [box] = await t.db
        .insert(device)
        .values({ gateway_id: `TREND-${code}`, name: code, secret_hash: 'x', customer_id: customerId, online: true })
        .returning({ id: device.id });
      const [tool] = await t.db
        .insert(machineTool)
        .values({ device_id: box.id, code, name: code, category: 'modbus', ip: `10.95.0.${ip++}`, created_at: new Date(created) })
        .returning({ id: machineTool.id });
      return { id: tool.id, box: box.id, customerId };
    };
    const p = await machine('P', a, h(-24 * 30));
    await machine('Q', a1, h(-30));
    const r = await machine('R', b, h(-24 * 30));

    const readings: [typeof p, number, Record<string, unknown>][] = [
      [p, h(-48), { cnc_runstatus: 1, cnc_products: 0 }],
      [p, h(-40), { cnc_products: 80 }],
      [p, h(-36), { cnc_runstatus: 0 }],
      [p, h(-12), { cnc_runstatus: 1 }], // closes D-2: 12 h run, 80 parts
      [p, h(2), { cnc_products: 100 }], // closes D-1: running 12:00–24:00; +20 today
      [r, h(-47), { cnc_runstatus: 1 }],
      [r, h(-46), { cnc_runstatus: 0 }],
      [r, h(1), { cnc_runstatus: 0 }], // closes D-2: 1 h run; D-1 had nothing running
    ];
    await new TelemetryPartitions(t.db).ensure(new Set(readings.map(([, ms]) => dayKey(new Date(ms)))));
    for (const [m, ms, values] of readings.sort((x, y) => x[1] - y[1])) {
      await storeBatch(t.db, [{ machineId: m.id, deviceId: m.box, customerId: m.customerId, category: 'modbus', ts: new Date(ms), values }]);
    }
    const alarm = (m: typeof p, at: number) =>
      t.db.insert(machineAlarm).values({ machine_tool_id: m.id, device_id: m.box, alarm_no: '1001', alarm_msg: '超程', started_at: new Date(at), ended_at: new Date(at + 60_000) });
    await alarm(p, h(-40));
    await alarm(r, h(-20));
    await alarm(p, h(10));
  });
  afterAll(() => t.close());

  const get = async <T>(token: string, url: string): Promise<T> => {
    const res = await t.api('GET', url, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const trends = async (token: string, days = 3) => (await get<{ days: MachineTrendDay[] }>(token, `${MACHINE_TRENDS_PATH}?days=${days}`)).days;
  const day = (date: string, machines: number, parts: number, run_s: number, planned_s: number, alarms: number): MachineTrendDay => ({
    date,
    machines,
    parts,
    run_s,
    planned_s,
    utilisation: run_s / planned_s,
    alarms,
  });

  it('gives each day the parts, running and planned time of the machine tools that existed then, and its alarms', async () => {
    // D-2: P all day, Q from 18:00 (6 h), R all day; D-1 and today (15 h): all three
    expect(await trends(admin)).toEqual([
      day(dateOf(h(-48)), 3, 80, 13 * 3600, 2 * DAY_S + 6 * 3600, 1),
      day(dateOf(h(-24)), 3, 0, 12 * 3600, 3 * DAY_S, 1),
      day(dateOf(h(0)), 3, 20, 15 * 3600, 3 * 15 * 3600, 1),
    ]);
  });

  it('keeps to the caller subtree and plans a day from the midnight a machine tool was added on', async () => {
    expect(await trends(userA)).toEqual([
      day(dateOf(h(-48)), 2, 80, 12 * 3600, DAY_S + 6 * 3600, 1),
      day(dateOf(h(-24)), 2, 0, 12 * 3600, 2 * DAY_S, 0),
      day(dateOf(h(0)), 2, 20, 15 * 3600, 2 * 15 * 3600, 1),
    ]);
    expect(await trends(userB)).toEqual([
      day(dateOf(h(-48)), 1, 0, 3600, DAY_S, 0),
      day(dateOf(h(-24)), 1, 0, 0, DAY_S, 1),
      day(dateOf(h(0)), 1, 0, 0, 15 * 3600, 0),
    ]);
    const [before] = await trends(userA, 31);
    expect(before).toEqual({ date: dateOf(h(-24 * 30)), machines: 1, parts: 0, run_s: 0, planned_s: DAY_S, utilisation: 0, alarms: 0 });
  });

  it("draws today's point from the figures of 今日产量 and 今日报警", async () => {
    for (const token of [admin, userA, userB]) {
      const today = (await trends(token, 1))[0];
      const output = await get<{ parts: number; run_s: number; planned_s: number; utilisation: number; machines: number }>(token, MACHINE_OUTPUT_TODAY_PATH);
      const alarms = await get<{ total: number }>(token, MACHINE_ALARMS_TODAY_PATH);
      const { parts, run_s, planned_s, utilisation, machines } = output;
      expect(today).toEqual({ date: dateOf(h(0)), machines, parts, run_s, planned_s, utilisation, alarms: alarms.total });
    }
  });

  it('refuses days that are not 1 to 31 with 400 naming days, and a user without the 机床 menu with 401', async () => {
    for (const days of ['0', 'week', '32', '1.5']) {
      const res = await t.api('GET', `${MACHINE_TRENDS_PATH}?days=${days}`, { token: admin });
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toMatch(/days/);
    }
    const res = await t.api('GET', MACHINE_TRENDS_PATH, { token: noMachine });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('您没有权限访问');
  });
});
