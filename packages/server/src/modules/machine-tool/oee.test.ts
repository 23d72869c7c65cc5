import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, MACHINE_MENU, type MachineOee, type MachineState, machineOeePath } from '@gw/contracts';
import { customer, device, machineStateLog, machineTool, role } from '../../db/schema.js';
import { TelemetryPartitions, dayKey } from '../../mqtt/ingest/partitions.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const chinaDateOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

/**
 * OEE against a hand-computed day. The clock stands at 15:00 today (China time); the day computed is
 * yesterday, D, with the default plan: 白班 08:00–20:00, 夜班 20:00–08:00 (next day), ideal cycle 60 s.
 */
describe('机床 OEE per shift and per day', () => {
  let t: TestApp;
  let user = '';
  let midnight = 0;
  let machine = 0;
  /** A time as hours after yesterday's (D's) midnight: d(26) is 02:00 today. */
  const d = (hours: number) => midnight - 24 * HOUR + hours * HOUR;
  const yesterday = () => chinaDateOf(d(0));

  beforeAll(async () => {
    t = await createTestApp();
    const today = chinaDateOf(t.clock.now().getTime());
    midnight = Date.parse(`${today}T00:00:00+08:00`);
    t.clock.now = () => new Date(d(24 + 15));
    const [{ id: company }] = await t.db.insert(customer).values({ company_name: '甲公司' }).returning({ id: customer.id });
    const [{ id: roleId }] = await t.db
      .insert(role)
      .values({ name: '机床运维', menus: [{ menu: MACHINE_MENU, action: ACTION.query | ACTION.edit }] })
      .returning({ id: role.id });
    await t.createUser({ username: 'oee-a', roles: [roleId], customer_id: company });
    user = await t.login('oee-a', 'secret-123');
    const [box] = await t.db.insert(device).values({ gateway_id: 'OEE-A', name: 'OEE-A', secret_hash: 'x', customer_id: company }).returning({ id: device.id });
    [{ id: machine }] = await t.db.insert(machineTool).values({ device_id: box.id, code: 'M1', name: 'M1', category: 'fanuc', ip: '10.96.0.1', created_at: new Date(d(-48)) }).returning({ id: machineTool.id });

    const period = (state: MachineState, from: number, to: number | null) =>
      t.db.insert(machineStateLog).values({ machine_tool_id: machine, device_id: box.id, state, started_at: new Date(from), ended_at: to === null ? null : new Date(to) });
    await period('running', d(6), d(10)); // began in the night shift before D: only 08:00–10:00 is D's 白班
    await period('idle', d(10), d(10.5));
    await period('alarm', d(10.5), d(11));
    await period('running', d(11), d(19));
    await period('offline', d(19), d(22));
    await period('running', d(22), d(26)); // across midnight: all of it is D's 夜班
    await period('idle', d(26), d(33));
    await period('running', d(33), null); // today since 09:00, still running at 15:00

    const readings: [number, Record<string, unknown>][] = [
      [d(-1), { cnc_products: 1000 }], // before D: where the chain starts
      [d(7), { cnc_products: 1010 }], // +10 in the night shift before D
      [d(9), { cnc_products: 1130 }], // +120
      [d(10), { cnc_products: 1250 }], // +120
      [d(12), { cnc_products: 1300 }], // +50
      [d(14), { cnc_products: 40 }], // counter reset: +40
      [d(16), { cnc_runstatus: 3 }], // no counter in it
      [d(19.5), { cnc_products: 190 }], // +150 → 白班 480
      [d(23), { cnc_products: 340 }], // +150
      [d(25), { cnc_products: 490 }], // 01:00 today, +150 → 夜班 300
      [d(32.5), { cnc_products: 500 }], // 08:30 today, +10
      [d(38), { cnc_products: 590 }], // 14:00 today, +90 → today's 白班 100
    ];
    await new TelemetryPartitions(t.db).ensure(new Set(readings.map(([ms]) => dayKey(new Date(ms)))));
    const rows = JSON.stringify(readings.map(([ms, values]) => [machine, iso(ms), values]));
    await t.db.execute(sql`insert into telemetry (machine_tool_id, ts, "values")
      select (e->>0)::int, (e->>1)::timestamptz, e->2 from jsonb_array_elements(${rows}::jsonb) e`);
  });
  afterAll(() => t.close());

  const oee = async (date?: string): Promise<MachineOee> => {
    const res = await t.api('GET', `${machineOeePath(machine, 'oee')}${date ? `?date=${date}` : ''}`, { token: user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const scrap = (date: string, shift: string, count: number) => t.api('PUT', machineOeePath(machine, 'scrap'), { token: user, body: { date, shift, count } });

  it('computes each factor per shift and for the day from runs, stops, alarms, counts and scrap', async () => {
    expect((await scrap(yesterday(), '白班', 24)).json()).toMatchObject({ code: 200, data: { date: yesterday(), shift: '白班', count: 24 } });
    // 白班 08–20: planned 12 h = 43200 s; run 08–10 + 11–19 = 10 h = 36000 s (idle and alarm 10–11 are stops)
    //   availability 36000 / 43200 = 0.83333; performance 60 × 480 / 36000 = 0.8; quality (480 − 24) / 480 = 0.95
    //   oee 0.83333 × 0.8 × 0.95 = 0.63333
    // 夜班 20–08: planned 43200 s; run 22–02 = 14400 s: availability 0.33333; performance 60 × 300 / 14400 = 1.25,
    //   capped at 1; quality 1 (no scrap); oee 0.33333
    // day: planned 86400 s, run 50400 s: availability 0.58333; performance 60 × 780 / 50400 = 0.928571;
    //   quality 756 / 780 = 0.969231; oee = 46800 / 86400 × 756 / 780 = 0.525
    expect(await oee(yesterday())).toEqual({
      date: yesterday(),
      ideal_cycle_s: 60,
      shifts: [
        { name: '白班', start: iso(d(8)), end: iso(d(20)), planned_s: 43200, run_s: 36000, parts: 480, scrap: 24, good: 456, availability: 0.8333, performance: 0.8, quality: 0.95, oee: 0.6333 },
        { name: '夜班', start: iso(d(20)), end: iso(d(32)), planned_s: 43200, run_s: 14400, parts: 300, scrap: 0, good: 300, availability: 0.3333, performance: 1, quality: 1, oee: 0.3333 },
      ],
      day: { planned_s: 86400, run_s: 50400, parts: 780, scrap: 24, good: 756, availability: 0.5833, performance: 0.9286, quality: 0.9692, oee: 0.525 },
    });
  });

  it('counts a shift in progress only up to now, and a shift not yet begun as nothing planned', async () => {
    // 白班 08–15 so far: planned 25200 s, run 09–15 = 21600 s: availability 0.857143; performance 60 × 100 / 21600 =
    //   0.277778; quality 1; oee 0.238095. 夜班 starts at 20:00: nothing planned, every ratio undefined.
    const today = await oee();
    expect(today.shifts).toEqual([
      { name: '白班', start: iso(d(32)), end: iso(d(44)), planned_s: 25200, run_s: 21600, parts: 100, scrap: 0, good: 100, availability: 0.8571, performance: 0.2778, quality: 1, oee: 0.2381 },
      { name: '夜班', start: iso(d(44)), end: iso(d(56)), planned_s: 0, run_s: 0, parts: 0, scrap: 0, good: 0, availability: null, performance: null, quality: null, oee: null },
    ]);
    expect(today.day).toMatchObject({ planned_s: 25200, run_s: 21600, parts: 100, oee: 0.2381 });
  });

  it('holds scrap to the parts made, and 0 removes the record', async () => {
    await scrap(yesterday(), '夜班', 999);
    const held = (await oee(yesterday())).shifts[1];
    expect(held).toMatchObject({ parts: 300, scrap: 300, good: 0, quality: 0, oee: 0 });
    await scrap(yesterday(), '夜班', 0);
    expect((await oee(yesterday())).shifts[1]).toMatchObject({ scrap: 0, good: 300, quality: 1, oee: 0.3333 });
  });

  it("uses the machine tool's own plan once set, with shifts of its own", async () => {
    const body = { shifts: [{ name: '早班', start: '06:00', end: '14:00' }, { name: '中班', start: '14:00', end: '22:00' }], ideal_cycle_s: 30 };
    expect((await t.api('PUT', machineOeePath(machine, 'plan'), { token: user, body })).json().data).toMatchObject(body);
    // 早班 06–14: run 06–10 + 11–14 = 7 h = 25200 s; parts 10 + 120 + 120 + 50 = 300 (the reading at 14:00 is 中班's);
    //   performance 30 × 300 / 25200 = 0.357143; 白班's scrap is not this shift's
    // 中班 14–22: run 14–19 = 5 h = 18000 s; parts 40 + 150 = 190 (23:00 is past it); performance 30 × 190 / 18000 = 0.316667
    const own = await oee(yesterday());
    expect(own.ideal_cycle_s).toBe(30);
    expect(own.shifts.map(({ name, run_s, parts, scrap: s, performance }) => ({ name, run_s, parts, scrap: s, performance }))).toEqual([
      { name: '早班', run_s: 25200, parts: 300, scrap: 0, performance: 0.3571 },
      { name: '中班', run_s: 18000, parts: 190, scrap: 0, performance: 0.3167 },
    ]);
    await t.api('PUT', machineOeePath(machine, 'plan'), { token: user, body: { shifts: null, ideal_cycle_s: null } });
    expect((await oee(yesterday())).shifts.map((s) => s.name)).toEqual(['白班', '夜班']);
  });

  it('refuses a day to come with 400', async () => {
    const res = await t.api('GET', `${machineOeePath(machine, 'oee')}?date=${chinaDateOf(d(48))}`, { token: user });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^参数错误 date/);
  });
});
