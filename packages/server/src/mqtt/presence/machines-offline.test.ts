import { and, asc, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEvent, machineHistoryPath } from '@gw/contracts';
import { device, machineDay, machineLatest, machineStateLog, machineTool } from '../../db/schema.js';
import { addDays, zoneDate, zoneDayRange, zoneInstant } from '../../lib/platform-zone.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;

describe("a machine tool's state when its box goes offline", () => {
  let t: TestApp;
  let w: FleetWorld;
  let gw: string;
  let running: number;
  let stopped: number;
  const events: LiveEvent[] = [];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    w = await fleetWorld(t, 'MO');
    gw = 'MO-A';
    const add = async (code: string, ip: string) =>
      (await t.db.insert(machineTool).values({ device_id: w.boxes.a, code, name: code, category: 'fanuc', ip }).returning({ id: machineTool.id }))[0].id;
    running = await add('RUN-1', '10.251.0.2');
    stopped = await add('OFF-1', '10.251.0.3');
    t.deps.live.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  const connect = async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: gw, username: gw, password: w.secrets[gw], reconnectPeriod: 0 });
    clients.push(client);
    return client;
  };
  /** One fanuc reading: run status 3 is running, 1 idle; device_state 1 is the controller unreachable. */
  const reading = (code: string, at: Date, values: Record<string, unknown>) => ({
    device_id: code,
    ts: at.getTime(),
    values: Object.entries(values).map(([name, value]) => ({ name, value })),
  });
  const publish = (client: MqttClient, items: unknown[]) => client.publishAsync(`data/${gw}/v1`, JSON.stringify(items), { qos: 1 });
  const online = async () => (await t.db.select().from(device).where(eq(device.id, w.boxes.a)))[0].online;
  const latest = async (id: number) => (await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id)))[0];
  const periods = async (id: number) =>
    (await t.db.select().from(machineStateLog).where(eq(machineStateLog.machine_tool_id, id)).orderBy(asc(machineStateLog.id))).map((p) => ({
      state: p.state,
      from: p.started_at.toISOString(),
      to: p.ended_at?.toISOString() ?? null,
    }));

  // yesterday evening on the platform's clock, and today's first minute: the box's readings and the day they close
  const today = zoneDate(new Date());
  const yesterday = addDays(today, -1);
  const at = (hour: number) => zoneInstant(yesterday, hour * HOUR);
  const [, midnight] = zoneDayRange(yesterday);
  const iso = (d: Date) => d.toISOString();

  it('ends a running period at its last reading: 离线 from then in its timeline, its day counting no more running', async () => {
    const box = await connect();
    await expect.poll(online).toBe(true);
    await publish(box, [reading('RUN-1', at(20), { cnc_runstatus: 3, cnc_products: 10 }), reading('OFF-1', at(20), { cnc_runstatus: 3, device_state: 1 })]);
    await publish(box, [reading('RUN-1', at(21), { cnc_runstatus: 3, cnc_products: 15 })]);
    await expect.poll(async () => (await latest(running))?.ts.getTime()).toBe(at(21).getTime());

    await box.endAsync();
    await expect.poll(online).toBe(false);
    await expect.poll(() => periods(running)).toEqual([
      { state: 'running', from: iso(at(20)), to: iso(at(21)) },
      { state: 'offline', from: iso(at(21)), to: null },
    ]);
    expect(await latest(running)).toMatchObject({ state: 'offline', state_since: at(21), day: yesterday, day_parts: 5, day_run_s: 3600 });
    // a machine tool the box already reported unreachable keeps its one 离线 period
    expect(await periods(stopped)).toEqual([{ state: 'offline', from: iso(at(20)), to: null }]);
    expect(events.filter((e) => e.type === 'machine_state' && e.machine_id === running).map((e) => [(e as { state: string }).state, (e as { at: string }).at])).toEqual([
      ['running', iso(at(20))],
      ['offline', iso(at(21))],
    ]);
    expect(events.some((e) => e.type === 'machine_state' && e.machine_id === stopped && e.state === 'offline' && e.at !== iso(at(20)))).toBe(false);
  });

  it('counts what the box reports on coming back, readings stamped during the gap included, from their own times', async () => {
    const box = await connect();
    await expect.poll(online).toBe(true);
    // the box kept these while it was away: running again from 23:00, idle a minute after midnight
    await publish(box, [reading('RUN-1', at(23), { cnc_runstatus: 3, cnc_products: 20 })]);
    const afterMidnight = new Date(midnight.getTime() + 60_000);
    await publish(box, [reading('RUN-1', afterMidnight, { cnc_runstatus: 1, cnc_products: 20 })]);
    await expect.poll(async () => (await latest(running)).state).toBe('idle');

    expect(await periods(running)).toEqual([
      { state: 'running', from: iso(at(20)), to: iso(at(21)) },
      { state: 'offline', from: iso(at(21)), to: iso(at(23)) },
      { state: 'running', from: iso(at(23)), to: iso(afterMidnight) },
      { state: 'idle', from: iso(afterMidnight), to: null },
    ]);
    // yesterday: 20:00–21:00 and 23:00–24:00 running (not 20:00–24:00), 10 parts; today so far a minute
    const [day] = await t.db.select().from(machineDay).where(and(eq(machineDay.machine_tool_id, running), eq(machineDay.day, yesterday)));
    expect(day).toMatchObject({ parts: 10, run_s: 7200 });
    expect(await latest(running)).toMatchObject({ day: today, day_parts: 0, day_run_s: 60 });

    // 机床详情's timeline of yesterday shows the gap as 离线
    const res = await t.api('GET', `${machineHistoryPath(running, 'timeline')}?date=${yesterday}`, { token: w.admin });
    const bands = (res.json().data.bands as { state: string; start: string; end: string }[]).map((b) => [b.state, b.start, b.end]);
    expect(bands).toEqual([
      ['running', iso(at(20)), iso(at(21))],
      ['offline', iso(at(21)), iso(at(23))],
      ['running', iso(at(23)), iso(midnight)],
    ]);
    await box.endAsync();
    await expect.poll(online).toBe(false);
    // idle when the box went: 离线 from its last reading again
    await expect.poll(async () => (await latest(running)).state).toBe('offline');
  });
});
