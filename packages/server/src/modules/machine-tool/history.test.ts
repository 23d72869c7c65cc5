import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, DEVICE_PATH, MACHINE_MENU, type MachineAlarm, type MachineState, type MachineTimeline, machineHistoryPath } from '@gw/contracts';
import { customer, device, machineAlarm, machineStateLog, machineTool, role } from '../../db/schema.js';
import { TelemetryPartitions, dayKey } from '../../mqtt/ingest/partitions.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Today's date in China and its midnight, as the calendar there shows them (read through Intl). */
function chinaToday(now: Date): { date: string; midnight: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
  return { date, midnight: Date.parse(`${date}T00:00:00+08:00`) };
}
const dateOf = (midnight: number) => new Date(midnight + 8 * HOUR).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * 机床详情's history. Company A owns box A with machine tools M1 and M2; company B is unrelated. The server's
 * clock stands still at 15:00 today, China time, so "today" and "now" are exact.
 */
describe('机床详情: state timeline, parts per hour and alarm history', () => {
  let t: TestApp;
  let admin: string;
  let userA: string;
  let userB: string;
  let noMachine: string;
  let today = '';
  let midnight = 0;
  let now = 0;
  let box = 0;
  const m = { m1: 0, m2: 0 };
  /** A time as hours (and minutes) after today's midnight; negative for the days before. */
  const h = (hours: number, minutes = 0) => midnight + hours * HOUR + minutes * MIN;

  beforeAll(async () => {
    t = await createTestApp();
    ({ date: today, midnight } = chinaToday(t.clock.now()));
    now = h(15);
    t.clock.now = () => new Date(now);
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string) => (await t.db.insert(customer).values({ company_name }).returning({ id: customer.id }))[0].id;
    const a = await company('甲公司');
    const b = await company('乙公司');
    const roleWith = async (name: string, menu: string) =>
      (await t.db.insert(role).values({ name, menus: [{ menu, action: ACTION.query }] }).returning({ id: role.id }))[0].id;
    const machineRole = await roleWith('看机床', MACHINE_MENU);
    const boxRole = await roleWith('只看网关', DEVICE_PATH);
    await t.createUser({ username: 'hist-a', roles: [machineRole], customer_id: a });
    await t.createUser({ username: 'hist-b', roles: [machineRole], customer_id: b });
    await t.createUser({ username: 'hist-box', roles: [boxRole], customer_id: a });
    userA = await t.login('hist-a', 'secret-123');
    userB = await t.login('hist-b', 'secret-123');
    noMachine = await t.login('hist-box', 'secret-123');

    [{ id: box }] = await t.db
      .insert(device)
      .values({ gateway_id: 'HIST-A', name: 'HIST-A', secret_hash: 'x', customer_id: a, online: true })
      .returning({ id: device.id });
    for (const [key, ip] of [['m1', 1], ['m2', 2]] as const) {
      const [tool] = await t.db
        .insert(machineTool)
        // added a month ago: every day shown here is one they existed all of
        .values({ device_id: box, code: key.toUpperCase(), name: key, category: 'fanuc', ip: `10.97.0.${ip}`, created_at: new Date(h(-24 * 30)) })
        .returning({ id: machineTool.id });
      m[key] = tool.id;
    }

    const period = (machine: number, state: MachineState, from: number, to: number | null) =>
      t.db
        .insert(machineStateLog)
        .values({ machine_tool_id: machine, device_id: box, state, started_at: new Date(from), ended_at: to === null ? null : new Date(to) });
    // M1 today: nothing until 08:00, running 08:00–10:30 and again 10:30–11:00, alarm, idle, running since 12:00
    await period(m.m1, 'idle', h(-4), h(-1));
    await period(m.m1, 'running', h(8), h(10.5));
    await period(m.m1, 'running', h(10.5), h(11));
    await period(m.m1, 'alarm', h(11), h(11, 20));
    await period(m.m1, 'idle', h(11, 20), h(12));
    await period(m.m1, 'running', h(12), null);
    // M2: idle across midnight, a logged 离线 between two unknown stretches, an alarm, then nothing
    await period(m.m2, 'idle', h(-2), h(1));
    await period(m.m2, 'offline', h(2), h(3));
    await period(m.m2, 'alarm', h(5), h(6));
  });
  afterAll(() => t.close());

  const get = async (token: string, url: string) => {
    const res = await t.api('GET', url, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const timeline = async (machine: number, date?: string): Promise<MachineTimeline> =>
    (await get(userA, `${machineHistoryPath(machine, 'timeline')}${date ? `?date=${date}` : ''}`)).data;
  const band = (state: MachineState, from: number, to: number) => ({ state, start: iso(from), end: iso(to) });

  describe('state timeline', () => {
    it('fills the day until now: 离线 before the first period, neighbours of one state merged, the open one until now', async () => {
      expect(await timeline(m.m1)).toEqual({
        date: today,
        start: iso(midnight),
        since: iso(midnight),
        end: iso(now),
        bands: [band('offline', h(0), h(8)), band('running', h(8), h(11)), band('alarm', h(11), h(11, 20)), band('idle', h(11, 20), h(12)), band('running', h(12), h(15))],
        totals: { offline: 8 * 3600, running: 6 * 3600, alarm: 20 * 60, idle: 40 * 60 },
      });
      expect(await timeline(m.m1, today)).toEqual(await timeline(m.m1));
    });

    it('clips a period across midnight and merges logged 离线 with the unknown stretches around it', async () => {
      expect(await timeline(m.m2)).toMatchObject({
        bands: [band('idle', h(0), h(1)), band('offline', h(1), h(5)), band('alarm', h(5), h(6)), band('offline', h(6), h(15))],
        totals: { running: 0, idle: 3600, alarm: 3600, offline: 13 * 3600 },
      });
      const yesterday = await timeline(m.m2, dateOf(h(-24)));
      expect(yesterday).toEqual({
        date: dateOf(h(-24)),
        start: iso(h(-24)),
        since: iso(h(-24)),
        end: iso(midnight),
        bands: [band('offline', h(-24), h(-2)), band('idle', h(-2), h(0))],
        totals: { running: 0, idle: 2 * 3600, alarm: 0, offline: 22 * 3600 },
      });
    });

    it('shows a past day with nothing logged as one 离线 band of 24 hours', async () => {
      const day = dateOf(h(-72));
      expect(await timeline(m.m1, day)).toEqual({
        date: day,
        start: iso(h(-72)),
        since: iso(h(-72)),
        end: iso(h(-48)),
        bands: [band('offline', h(-72), h(-48))],
        totals: { running: 0, idle: 0, alarm: 0, offline: 86_400 },
      });
    });

    it('starts the day of a machine tool added today when it was added: no 离线 before it, and nothing on the days before', async () => {
      const [{ id }] = await t.db
        .insert(machineTool)
        .values({ device_id: box, code: 'M9', name: 'm9', category: 'fanuc', ip: '10.97.0.9', created_at: new Date(h(13)) })
        .returning({ id: machineTool.id });
      await t.db.insert(machineStateLog).values({ machine_tool_id: id, device_id: box, state: 'running', started_at: new Date(h(14)), ended_at: null });
      expect(await timeline(id)).toEqual({
        date: today,
        start: iso(midnight),
        since: iso(h(13)),
        end: iso(now),
        bands: [band('offline', h(13), h(14)), band('running', h(14), h(15))],
        totals: { offline: 3600, running: 3600, alarm: 0, idle: 0 },
      });
      const yesterday = dateOf(h(-24));
      expect(await timeline(id, yesterday)).toEqual({
        date: yesterday,
        start: iso(h(-24)),
        since: iso(midnight),
        end: iso(midnight),
        bands: [],
        totals: { offline: 0, running: 0, alarm: 0, idle: 0 },
      });
    });

    it('refuses a malformed day, a day that does not exist and a day to come with 400', async () => {
      for (const date of ['2024-5-1', 'yesterday', '2023-02-29', dateOf(h(24))]) {
        for (const view of ['timeline', 'parts'] as const) {
          const res = await t.api('GET', `${machineHistoryPath(m.m1, view)}?date=${date}`, { token: userA });
          expect(res.statusCode, date).toBe(400);
          expect(res.json().message).toMatch(/^参数错误 .*date/);
        }
      }
    });
  });

  describe('parts per hour', () => {
    beforeAll(async () => {
      const readings: [number, Record<string, unknown>][] = [
        [h(-14), { cnc_products: 50 }],
        [h(0, -10), { cnc_products: 100 }], // 23:50 yesterday: where today starts counting
        [h(0, -5), { cnc_runstatus: 1 }], // later, but no counter
        [h(0, 10), { cnc_products: 103 }],
        [h(0, 40), { cnc_products: 110 }],
        [h(2, 5), { cnc_products: '115' }],
        [h(2.5), { cnc_products: 4 }], // reset: the 4 made since count
        [h(2, 50), { cnc_products: 9 }],
        [h(13), { cnc_products: 9 }],
        // counters outside the domain, stored before the ingest refused them: no reading, they add nothing
        [h(13, 20), { cnc_products: 1e308 }],
        [h(13, 30), { cnc_products: '9007199254740993' }],
        [h(13, 40), { cnc_products: -1 }],
        [h(13, 50), { cnc_products: '12.5' }],
        [h(14, 59), { cnc_products: 12 }],
      ];
      await new TelemetryPartitions(t.db).ensure(new Set(readings.map(([ms]) => dayKey(new Date(ms)))));
      const rows = JSON.stringify(readings.map(([ms, values]) => [m.m1, iso(ms), values]));
      await t.db.execute(sql`insert into telemetry (machine_tool_id, ts, "values")
        select (e->>0)::int, (e->>1)::timestamptz, e->2 from jsonb_array_elements(${rows}::jsonb) e`);
    });

    it('counts each hour from the last reading before midnight, a drop counting the new value', async () => {
      const hours = new Array(24).fill(0);
      [hours[0], hours[2], hours[14]] = [10, 14, 3];
      expect((await get(userA, machineHistoryPath(m.m1, 'parts'))).data).toEqual({ date: today, hours, total: 27 });
    });

    it('starts a day with no reading before it at its first reading, and answers zeros for a machine without data', async () => {
      const yesterday = dateOf(h(-24));
      const hours = new Array(24).fill(0);
      hours[23] = 50;
      expect((await get(userA, `${machineHistoryPath(m.m1, 'parts')}?date=${yesterday}`)).data).toEqual({ date: yesterday, hours, total: 50 });
      expect((await get(userA, machineHistoryPath(m.m2, 'parts'))).data).toEqual({ date: today, hours: new Array(24).fill(0), total: 0 });
    });
  });

  describe('alarm history', () => {
    beforeAll(async () => {
      const alarm = (alarm_no: string, alarm_msg: string, from: number, to: number | null, machine = m.m1) =>
        t.db.insert(machineAlarm).values({
          machine_tool_id: machine,
          device_id: box,
          alarm_no,
          alarm_type: 'EX',
          alarm_msg,
          started_at: new Date(from),
          ended_at: to === null ? null : new Date(to),
        });
      await alarm('1001', '主轴过载', h(-30), h(-30) + 90_000);
      await alarm('2002', '急停', h(11), h(11, 20));
      await alarm('3003', '润滑油不足', h(14), null);
      await alarm('9009', 'M2 的报警', h(5), h(6), m.m2);
    });
    const alarms = async (query = '') => get(userA, `${machineHistoryPath(m.m1, 'alarms')}${query}`);

    it('lists the machine tool alarms newest first with their duration, null while on', async () => {
      const body = await alarms();
      expect(body).toMatchObject({ code: 200, count: 3, start: 0, limit: 20, next: null, previous: null });
      expect(body.data).toEqual([
        { id: expect.any(Number), alarm_no: '3003', alarm_type: 'EX', alarm_msg: '润滑油不足', started_at: iso(h(14)), ended_at: null, duration_s: null },
        { id: expect.any(Number), alarm_no: '2002', alarm_type: 'EX', alarm_msg: '急停', started_at: iso(h(11)), ended_at: iso(h(11, 20)), duration_s: 1200 },
        { id: expect.any(Number), alarm_no: '1001', alarm_type: 'EX', alarm_msg: '主轴过载', started_at: iso(h(-30)), ended_at: iso(h(-30) + 90_000), duration_s: 90 },
      ] satisfies MachineAlarm[]);
    });

    it('filters by number or message, by start date and by on or ended, and pages', async () => {
      const nos = async (query: string) => ((await alarms(query)).data as MachineAlarm[]).map((a) => a.alarm_no);
      expect(await nos('?keywords=200')).toEqual(['2002']);
      expect(await nos(`?keywords=${encodeURIComponent('润滑')}`)).toEqual(['3003']);
      expect(await nos(`?start_date=${today}`)).toEqual(['3003', '2002']);
      expect(await nos(`?end_date=${dateOf(h(-24))}`)).toEqual(['1001']);
      expect(await nos('?active=yes')).toEqual(['3003']);
      expect(await nos('?active=no')).toEqual(['2002', '1001']);
      const second = await alarms('?page=2&limit=2');
      expect(second).toMatchObject({ count: 3, start: 2, limit: 2, next: null, previous: 1 });
      expect(second.data.map((a: MachineAlarm) => a.alarm_no)).toEqual(['1001']);
      expect((await t.api('GET', `${machineHistoryPath(m.m1, 'alarms')}?start_date=2024-02-30`, { token: userA })).statusCode).toBe(400);
    });
  });

  describe('access', () => {
    const views = ['timeline', 'parts', 'alarms'] as const;

    it('answers another customer a machine tool of A as a missing one, and the same for an id that does not exist', async () => {
      for (const view of views) {
        const theirs = await t.api('GET', machineHistoryPath(m.m1, view), { token: userB });
        expect(theirs.statusCode, view).toBe(404);
        expect(theirs.json()).toEqual({ code: 404, message: '机床不存在', data: null });
        expect((await t.api('GET', machineHistoryPath(999_999, view), { token: admin })).statusCode).toBe(404);
        expect((await t.api('GET', machineHistoryPath(m.m1, view), { token: admin })).statusCode).toBe(200);
      }
    });

    it('refuses a user without the 机床 menu with HTTP 401', async () => {
      for (const view of views) {
        const res = await t.api('GET', machineHistoryPath(m.m1, view), { token: noMachine });
        expect(res.statusCode, view).toBe(401);
        expect(res.json().message).toBe('您没有权限访问');
      }
    });
  });
});
