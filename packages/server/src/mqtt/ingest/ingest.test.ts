import { readFileSync } from 'node:fs';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import mqtt from 'mqtt';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@gw/contracts';
import { loadConfig } from '../../config.js';
import { device, machineAlarm, machineLatest, machineStateLog, machineTool } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { startMqtt } from '../start.js';
import { TelemetryPartitions, dayKey } from './partitions.js';
import { queryRows } from '../../db/rows.js';

interface Fixture {
  category: string;
  expect: { states: string[]; alarm_no: string; parts_total: number; products: number };
  messages: { device_id: string; ts: number; values: { name: string; value: unknown }[] }[][];
}
const fixture = (brand: string): Fixture => JSON.parse(readFileSync(new URL(`./fixtures/${brand}.json`, import.meta.url), 'utf8'));

let ipSeq = 0;
/** A machine tool on a box, straight in the database (the console's licence rules are not what is tested). */
async function machine(t: TestApp, deviceId: number, code: string, category: string): Promise<number> {
  ipSeq++;
  const [row] = await t.db
    .insert(machineTool)
    .values({ device_id: deviceId, code, name: code, category, ip: `10.250.${Math.floor(ipSeq / 200)}.${(ipSeq % 200) + 2}` })
    .returning({ id: machineTool.id });
  return row.id;
}

/** The value of one sample in Prometheus text (0 when not there yet). */
function sampleOf(text: string, sample: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

/** The value of one sample of /custom/api/metrics (0 when not there yet). */
async function metric(t: TestApp, sample: string): Promise<number> {
  return sampleOf((await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body, sample);
}

const telemetryRows = async (t: TestApp, machineId: number) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from telemetry where machine_tool_id = ${machineId}`))[0].n;

describe('telemetry ingest of data/<gw>/v1', () => {
  let t: TestApp;
  let w: FleetWorld;
  let box: mqtt.MqttClient;
  let gw: string;
  const events: LiveEvent[] = [];
  /** Machine tool ids by code, made before any box publishes (the ingest rereads a box's machine tools at most every few seconds). */
  const ids: Record<string, number> = {};

  const connect = (gatewayId: string) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: gatewayId, username: gatewayId, password: w.secrets[gatewayId], reconnectPeriod: 0 });
  /**
   * Publishes QoS 1. Aedes 1.2 writes PUBACK before its in-process subscribers run, so the tests wait for the
   * rows (expect.poll) rather than taking the acknowledgement as stored.
   */
  const publish = (payload: unknown, client = box, gatewayId = gw) =>
    client.publishAsync(`data/${gatewayId}/v1`, typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload), { qos: 1 });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    w = await fleetWorld(t, 'I');
    gw = 'I-A';
    for (const brand of ['fanuc', 'mitsubishi', 'siemens_cnc']) ids[`${brand.toUpperCase()}-01`] = await machine(t, w.boxes.a, `${brand.toUpperCase()}-01`, brand);
    for (const code of ['MAL-01', 'TS-01', 'RT-01', 'PV-01', 'DUP-01']) ids[code] = await machine(t, w.boxes.a, code, 'fanuc');
    for (const [code, brand] of [['K-1', 'fanuc'], ['K-2', 'mitsubishi'], ['K-3', 'siemens_cnc']]) ids[code] = await machine(t, w.boxes.a1, code, brand);
    box = await connect(gw);
    t.deps.live.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await box?.endAsync();
    await t.close();
  });

  for (const brand of ['fanuc', 'mitsubishi', 'siemens_cnc']) {
    it(`${brand}: history, latest values, states, alarm periods and parts across a counter reset`, async () => {
      const f = fixture(brand);
      const code = `${brand.toUpperCase()}-01`;
      const id = ids[code];
      const start = Date.now() - 60_000;
      const first = f.messages[0][0].ts;
      const stamps: number[] = [];
      for (const message of f.messages) {
        const items = message.map((item) => ({ ...item, device_id: code, ts: item.ts - first + start }));
        stamps.push(items[0].ts);
        await publish(items);
      }
      await expect.poll(() => telemetryRows(t, id)).toBe(f.messages.length);
      const [latest] = await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id));
      expect(latest.ts.getTime()).toBe(stamps.at(-1));
      expect(latest.values.cnc_products).toBe(f.expect.products);
      expect(latest.values.cnc_mainproname).toBeTruthy();
      expect(latest.products).toBe(f.expect.products);
      expect(latest.parts_total).toBe(f.expect.parts_total);
      expect(latest.state).toBe(f.expect.states.at(-1));

      const periods = await t.db.select().from(machineStateLog).where(eq(machineStateLog.machine_tool_id, id)).orderBy(asc(machineStateLog.id));
      expect(periods.map((p) => p.state)).toEqual(f.expect.states);
      expect(periods.slice(0, -1).every((p, i) => p.ended_at?.getTime() === periods[i + 1].started_at.getTime())).toBe(true);
      expect(periods.at(-1)!.ended_at).toBeNull();

      const alarms = await t.db.select().from(machineAlarm).where(eq(machineAlarm.machine_tool_id, id));
      expect(alarms).toHaveLength(1);
      expect(alarms[0]).toMatchObject({ alarm_no: f.expect.alarm_no, device_id: w.boxes.a });
      expect(alarms[0].alarm_msg).not.toBe('');
      expect(alarms[0].started_at.getTime()).toBe(stamps[3]);
      expect(alarms[0].ended_at?.getTime()).toBe(stamps[4]);

      const mine = events.filter((e) => 'machine_id' in e && e.machine_id === id);
      expect(mine.filter((e) => e.type === 'machine_state').map((e) => (e as { state: string }).state)).toEqual(f.expect.states);
      expect(mine.filter((e) => e.type === 'alarm').map((e) => (e as { active: boolean }).active)).toEqual([true, false]);
      expect(mine.every((e) => 'customer_id' in e && e.customer_id === w.a)).toBe(true);
      expect(mine.some((e) => e.type === 'realtime')).toBe(true);
    });
  }

  it('keeps what a box sent last of each value as the latest, when a message carries only what changed', async () => {
    const id = ids['PV-01'];
    const at = Date.now() - 30_000;
    const v = (values: Record<string, unknown>) => Object.entries(values).map(([name, value]) => ({ name, value }));
    await publish([{ device_id: 'PV-01', ts: at, values: v({ cnc_runstatus: 3, cnc_products: 10, cnc_mainproname: 'O1000' }) }]);
    await publish([{ device_id: 'PV-01', ts: at + 1000, values: v({ cnc_products: 12 }) }]);
    await expect.poll(() => telemetryRows(t, id)).toBe(2);
    const history = await queryRows<{ values: Record<string, unknown> }>(t.db, sql`select "values" from telemetry where machine_tool_id = ${id} order by ts`);
    expect(history.map((h) => h.values)).toEqual([{ cnc_runstatus: 3, cnc_products: 10, cnc_mainproname: 'O1000' }, { cnc_products: 12 }]);
    const [latest] = await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id));
    expect(latest.values).toEqual({ cnc_runstatus: 3, cnc_products: 12, cnc_mainproname: 'O1000' });
    expect([latest.state, latest.parts_total]).toEqual(['running', 2]);
    // then all of them again: the latest is that message's, carried-over values replaced
    await publish([{ device_id: 'PV-01', ts: at + 2000, values: v({ cnc_runstatus: 0, cnc_products: 13, cnc_mainproname: 'O2000' }) }]);
    await expect.poll(async () => (await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id)))[0].values).toEqual({
      cnc_runstatus: 0,
      cnc_products: 13,
      cnc_mainproname: 'O2000',
    });
  });

  it('stores a message sent again (QoS 1 redelivery) once: no second history row, state and counters unchanged', async () => {
    const id = ids['DUP-01'];
    const at = Date.now() - 20_000;
    const item = (ts: number, status: number, products: number) => ({
      device_id: 'DUP-01',
      ts,
      values: [{ name: 'cnc_runstatus', value: status }, { name: 'cnc_products', value: products }],
    });
    const latestRow = async () => (await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id)))[0];
    const periods = async () => (await t.db.select().from(machineStateLog).where(eq(machineStateLog.machine_tool_id, id))).length;

    await publish([item(at, 3, 10)]);
    await expect.poll(() => telemetryRows(t, id)).toBe(1);
    // the same message twice at once (one batch, most often), then one message holding the same reading twice
    await Promise.all([publish([item(at + 1000, 0, 12)]), publish([item(at + 1000, 0, 12)])]);
    await publish([item(at + 2000, 3, 15), item(at + 2000, 3, 15)]);
    await expect.poll(() => telemetryRows(t, id)).toBe(3);
    const before = await latestRow();
    expect([before.ts.getTime(), before.state, before.parts_total, before.products]).toEqual([at + 2000, 'running', 5, 15]);
    const periodsBefore = await periods();
    expect(periodsBefore).toBe(3);

    // every message again, after it was stored: a box resending what it had no PUBACK for
    for (const [ts, status, products] of [[at, 3, 10], [at + 1000, 0, 12], [at + 2000, 3, 15]]) await publish([item(ts, status, products)]);
    // a new reading behind them: once it is stored, the copies before it were handled
    await publish([item(at + 3000, 3, 16)]);
    await expect.poll(async () => (await latestRow()).ts.getTime()).toBe(at + 3000);
    expect(await telemetryRows(t, id)).toBe(4);
    const after = await latestRow();
    expect([after.state, after.parts_total, after.products]).toEqual(['running', 6, 16]);
    expect(await periods()).toBe(periodsBefore);
    const stamps = await queryRows<{ ms: number }>(t.db, sql`select (extract(epoch from ts) * 1000)::float8 as ms from telemetry where machine_tool_id = ${id} order by ts`);
    expect(stamps.map((s) => Number(s.ms))).toEqual([at, at + 1000, at + 2000, at + 3000]);
  });

  it('counts malformed payloads by reason, drops them, and stores the box next good message', async () => {
    const id = ids['MAL-01'];
    const before = {
      not_json: await metric(t, 'ingest_malformed_total{reason="not_json"}'),
      bad_shape: await metric(t, 'ingest_malformed_total{reason="bad_shape"}'),
      too_large: await metric(t, 'ingest_malformed_total{reason="too_large"}'),
    };
    await publish('{"device_id": "MAL-01", ');
    await publish({ device_id: 'MAL-01', ts: Date.now(), values: [] }); // not an array
    await publish([{ device_id: 'MAL-01', values: [] }]); // no ts
    await publish([]);
    await publish(JSON.stringify([{ device_id: 'MAL-01', ts: Date.now(), values: [{ name: 'cnc_type', value: 'x'.repeat(1_100_000) }] }]));
    await expect.poll(() => metric(t, 'ingest_malformed_total{reason="not_json"}')).toBe(before.not_json + 1);
    await expect.poll(() => metric(t, 'ingest_malformed_total{reason="bad_shape"}')).toBe(before.bad_shape + 3);
    await expect.poll(() => metric(t, 'ingest_malformed_total{reason="too_large"}')).toBe(before.too_large + 1);
    expect(await telemetryRows(t, id)).toBe(0);

    // hostile strings (NUL, lone surrogate) are stored cleaned rather than failing the batch
    await publish([{ device_id: 'MAL-01', ts: Date.now(), values: [{ name: 'cnc_runstatus', value: 3 }, { name: 'cnc_mainproname', value: 'O1\u0000\ud800' }] }]);
    await expect.poll(() => telemetryRows(t, id)).toBe(1);
    const [latest] = await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id));
    expect(latest.state).toBe('running');
    expect(await metric(t, 'ingest_messages_total')).toBeGreaterThan(5);
  });

  it('counts an unknown machine code on every message but logs it once', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const before = await metric(t, 'ingest_unknown_machine_total');
      for (let i = 0; i < 3; i++) await publish([{ device_id: 'NO-SUCH', ts: Date.now(), values: [{ name: 'cnc_runstatus', value: 1 }] }]);
      await expect.poll(() => metric(t, 'ingest_unknown_machine_total')).toBe(before + 3);
      expect(warn.mock.calls.filter((c) => String(c[1]).includes('NO-SUCH'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('loses nothing: K QoS 1 messages of 3 machine tools published at once are K×3 telemetry rows once acknowledged', async () => {
    const a1 = await connect('I-A1');
    try {
      const kIds = [ids['K-1'], ids['K-2'], ids['K-3']];
      const K = 60;
      const now = Date.now() - 10 * 60_000;
      await Promise.all(
        Array.from({ length: K }, (_, k) =>
          publish(
            ['K-1', 'K-2', 'K-3'].map((code, m) => ({ device_id: code, ts: now + k * 1000, values: [{ name: 'cnc_runstatus', value: (k + m) % 4 }, { name: 'cnc_products', value: k }] })),
            a1,
            'I-A1',
          ),
        ),
      );
      const stored = async () =>
        (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from telemetry where machine_tool_id in (${sql.join(kIds, sql`, `)})`))[0].n;
      // acknowledged means stored: every row is there the moment the last PUBACK arrived
      expect(await stored()).toBe(K * 3);
      const latest = await t.db.select().from(machineLatest).where(sql`${machineLatest.machine_tool_id} in (${sql.join(kIds, sql`, `)})`);
      expect(latest.map((l) => l.ts.getTime())).toEqual([now + (K - 1) * 1000, now + (K - 1) * 1000, now + (K - 1) * 1000]);
      expect(latest.every((l) => l.parts_total === K - 1)).toBe(true);
    } finally {
      await a1.endAsync();
    }
  });

  it('keeps partitions for today and tomorrow, and drops those older than the retention', async () => {
    const now = new Date();
    const exists = async (name: string) =>
      (await queryRows<{ ok: boolean }>(t.db, sql`select to_regclass(${name}) is not null as ok`))[0].ok;
    expect(await exists(`telemetry_${dayKey(now)}`)).toBe(true);
    expect(await exists(`telemetry_${dayKey(new Date(now.getTime() + 86_400_000))}`)).toBe(true);

    const partitions = new TelemetryPartitions(t.db);
    const old = new Date(now.getTime() - 40 * 86_400_000);
    await partitions.ensure([dayKey(old)]);
    await t.db.execute(sql`insert into telemetry (machine_tool_id, ts, "values") values (1, ${old.toISOString()}::timestamptz, '{}'::jsonb)`);
    // a day's partition made by the ingest has the unique (machine_tool_id, ts) index of its parent
    const [index] = await queryRows<{ def: string }>(t.db, sql`select indexdef as def from pg_indexes where tablename = ${`telemetry_${dayKey(old)}`} and indexdef like '%(machine_tool_id, ts)%'`);
    expect(index?.def).toMatch(/^CREATE UNIQUE INDEX/);
    expect(await partitions.dropOlderThan(now, 30)).toEqual([`telemetry_${dayKey(old)}`]);
    expect(await exists(`telemetry_${dayKey(old)}`)).toBe(false);
    expect(await exists(`telemetry_${dayKey(now)}`)).toBe(true);

    // a reading older than the retention is dropped and counted; one from the far future is stored at arrival
    const id = ids['TS-01'];
    const tooOld = await metric(t, 'ingest_out_of_range_total{action="too_old"}');
    await publish([{ device_id: 'TS-01', ts: old.getTime(), values: [{ name: 'cnc_runstatus', value: 3 }] }]);
    await expect.poll(() => metric(t, 'ingest_out_of_range_total{action="too_old"}')).toBe(tooOld + 1);
    await publish([{ device_id: 'TS-01', ts: Date.now() + 365 * 86_400_000, values: [{ name: 'cnc_runstatus', value: 3 }] }]);
    await expect.poll(() => telemetryRows(t, id)).toBe(1);
    const [latest] = await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, id));
    expect(Math.abs(latest.ts.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await telemetryRows(t, id)).toBe(1);
  });

  it('GET /device/machine/{id}/realtime: latest values, state, open alarms; offline while the box is; scoped', async () => {
    const id = ids['RT-01'];
    const get = (token: string, mid: number | string = id) => t.api('GET', `/device/machine/${mid}/realtime`, { token });

    const empty = (await get(w.userA)).json();
    expect(empty.code).toBe(200);
    expect(empty.data).toEqual({ machine_id: id, ts: null, state: 'offline', values: {}, alarms: [] });

    const ts = Date.now() - 1000;
    await publish([{ device_id: 'RT-01', ts, values: [{ name: 'cnc_runstatus', value: 3 }, { name: 'cnc_alarm', value: [{ alarm_no: 1001, alarm_msg: '主轴过热' }] }, { name: 'cnc_actspeed', value: 7990 }] }]);
    await expect.poll(() => telemetryRows(t, id)).toBe(1);
    await t.db.update(device).set({ online: false }).where(eq(device.id, w.boxes.a));
    expect((await get(w.userA)).json().data.state).toBe('offline');
    await t.db.update(device).set({ online: true }).where(eq(device.id, w.boxes.a));
    const live = (await get(w.userA)).json().data;
    expect(live).toMatchObject({ machine_id: id, ts: new Date(ts).toISOString(), state: 'alarm', values: { cnc_runstatus: 3, cnc_actspeed: 7990 } });
    expect(live.alarms).toEqual([{ alarm_no: '1001', alarm_type: '', alarm_msg: '主轴过热', since: new Date(ts).toISOString() }]);
    expect((await get(w.admin)).json().data.state).toBe('alarm');

    // another customer's user: the answer of a missing machine tool
    const foreign = await get(w.userB);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('机床不存在');
    expect((await get(w.userA, 999_999)).statusCode).toBe(404);
    expect((await get(w.userA, 'abc')).statusCode).toBe(400);
    expect((await t.api('GET', `/device/machine/${id}/realtime`)).json().code).toBe(401);
    // a user of the same customer without the 机床 menu
    await t.createUser({ username: 'i-no-machine', password: 'secret-123', roles: [], customer_id: w.a });
    const noMenu = await get(await t.login('i-no-machine', 'secret-123'));
    expect(noMenu.statusCode).toBe(401);
    expect(noMenu.json()).toMatchObject({ code: 401, message: '您没有权限访问' });
    const [{ n }] = await t.db.select({ n: count() }).from(machineAlarm).where(and(eq(machineAlarm.machine_tool_id, id)));
    expect(n).toBe(1);
  });

  describe('stopping the ingest', () => {
    it('writes what is still queued when the server closes', async () => {
      const id = await machine(t, w.boxes.b, 'Q-01', 'fanuc');
      // the box link alone (startMqtt) on a bare Fastify, on this app's services and database, with a batch
      // interval far longer than the test: only the close can write it
      const app = Fastify({ logger: false });
      const registry = new Registry();
      const points = async () => sampleOf(await registry.metrics(), 'ingest_points_total');
      try {
        const config = loadConfig({ DATA_DIR: t.config.dataDir, MQTT_PORT: '0', INGEST_BATCH_MS: '600000' });
        const started = await startMqtt(app, { ...t.deps, config, metrics: registry });
        await app.ready();
        started.open();
        const box = await mqtt.connectAsync(`mqtt://127.0.0.1:${started.deps.broker!.port}`, { clientId: 'I-B', username: 'I-B', password: w.secrets['I-B'], reconnectPeriod: 0 });
        const before = await points();
        // not awaited: the acknowledgement comes only once the batch is stored, which here only the close does
        const acked = box.publishAsync('data/I-B/v1', JSON.stringify([{ device_id: 'Q-01', ts: Date.now(), values: [{ name: 'cnc_runstatus', value: 3 }] }]), { qos: 1 });
        acked.catch(() => undefined);
        await expect.poll(points).toBe(before + 1);
        expect(await telemetryRows(t, id)).toBe(0);
        box.end(true);
        await app.close();
        expect(await telemetryRows(t, id)).toBe(1);
      } finally {
        await app.close();
      }
    });
  });
});
