import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTraffic, deviceTrafficCounter } from '../../db/schema.js';
import { zoneDate, zoneDayRange } from '../../lib/platform-zone.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { bookedAt, countTraffic } from './count.js';

const MIN = 60_000;

/** The value of one sample of /custom/api/metrics (0 when not there yet). */
async function metric(t: TestApp, sample: string): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe('traffic ingest of traffic/<gw>/v1', () => {
  let t: TestApp;
  let w: FleetWorld;
  let box: mqtt.MqttClient;
  /** Today's China midnight as the server sees it: the server clock is set one hour past it. */
  let midnight: number;
  const gw = 'T-A';

  const day = async (date: string) => {
    const [row] = await t.db
      .select({ up: deviceTraffic.up_bytes, down: deviceTraffic.down_bytes })
      .from(deviceTraffic)
      .where(and(eq(deviceTraffic.device_id, w.boxes.a), eq(deviceTraffic.day, date)));
    return row ?? { up: 0, down: 0 };
  };
  const counter = async () => (await t.db.select().from(deviceTrafficCounter).where(eq(deviceTrafficCounter.device_id, w.boxes.a)))[0];
  /** Publishes a report as the box does, then waits until the box's counters say it was taken (or not). */
  const report = (payload: unknown) => box.publishAsync(`traffic/${gw}/v1`, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    w = await fleetWorld(t, 'T');
    midnight = zoneDayRange(zoneDate(new Date()))[0].getTime();
    t.clock.advance(midnight + 60 * MIN - Date.now());
    box = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: gw, username: gw, password: w.secrets[gw], reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await box?.endAsync();
    await t.close();
  });

  const yesterday = () => zoneDate(new Date(midnight - MIN));
  const today = () => zoneDate(new Date(midnight));

  it('books the bytes since boot on the first report, then differences, each on the China-time day of its report', async () => {
    await report({ ts: midnight - 10 * MIN, tx: 1000, rx: 500 });
    await expect.poll(() => day(yesterday())).toEqual({ up: 1000, down: 500 });
    await report({ ts: midnight + 10 * MIN, tx: 1600, rx: 700 });
    await expect.poll(() => day(today())).toEqual({ up: 600, down: 200 });
    expect(await day(yesterday())).toEqual({ up: 1000, down: 500 });
    expect(await counter()).toMatchObject({ tx: 1600, rx: 700 });
  });

  it('takes counters that went down as a restart: the new counters are the bytes since it', async () => {
    await report({ ts: midnight + 20 * MIN, tx: 100, rx: 50 });
    await expect.poll(() => day(today())).toEqual({ up: 700, down: 250 });
    await report({ ts: midnight + 30 * MIN, tx: 400, rx: 90 });
    await expect.poll(() => day(today())).toEqual({ up: 1000, down: 290 });
  });

  it('ignores a report older than the counters kept, so a late copy does not pass for a restart', async () => {
    const before = await metric(t, 'traffic_ignored_total{reason="stale"}');
    await report({ ts: midnight + 15 * MIN, tx: 10, rx: 10 });
    await expect.poll(() => metric(t, 'traffic_ignored_total{reason="stale"}')).toBe(before + 1);
    expect(await day(today())).toEqual({ up: 1000, down: 290 });
    expect(await counter()).toMatchObject({ tx: 400, rx: 90 });
  });

  it('books a report whose clock is more than a day ahead or a month behind at the server time', async () => {
    await report({ ts: 1_000_000, tx: 500, rx: 100 });
    await expect.poll(() => day(today())).toEqual({ up: 1100, down: 300 });
    expect(Math.abs((await counter()).ts.getTime() - t.clock.now().getTime())).toBeLessThan(10_000);
    expect(bookedAt(1_000_000, new Date(midnight)).getTime()).toBe(midnight);
    expect(bookedAt(midnight - 10 * MIN, new Date(midnight)).getTime()).toBe(midnight - 10 * MIN);
    expect(bookedAt(midnight + 25 * 60 * MIN, new Date(midnight)).getTime()).toBe(midnight);
    expect(bookedAt(midnight - 31 * 24 * 60 * MIN, new Date(midnight)).getTime()).toBe(midnight);
  });

  it('books reports a box kept while its link was down on the days they were counted, delivered late and in order', async () => {
    const gatewayId = `${gw}1`;
    const byDay = async (at: number) => {
      const [row] = await t.db
        .select({ up: deviceTraffic.up_bytes, down: deviceTraffic.down_bytes })
        .from(deviceTraffic)
        .where(and(eq(deviceTraffic.device_id, w.boxes.a1), eq(deviceTraffic.day, zoneDate(new Date(at)))));
      return row ?? { up: 0, down: 0 };
    };
    const days = [3, 2, 1].map((n) => midnight - n * 24 * 60 * MIN + 9 * 60 * MIN);
    const now = t.clock.now();
    for (const [i, at] of days.entries()) expect(await countTraffic(t.db, { gatewayId, ts: at, tx: 1000 * (i + 1), rx: 100 * (i + 1) }, now)).toBe('counted');
    // the first counts whole (bytes since boot), each later one its difference, each on its own day
    for (const at of days) expect(await byDay(at)).toEqual({ up: 1000, down: 100 });
    expect(await byDay(now.getTime())).toEqual({ up: 0, down: 0 });
  });

  it('counts malformed reports by reason and drops them; the next good one is booked', async () => {
    const reasons = ['not_json', 'bad_shape', 'too_large'] as const;
    const before = Object.fromEntries(await Promise.all(reasons.map(async (r) => [r, await metric(t, `traffic_malformed_total{reason="${r}"}`)])));
    await report('{"ts": 1, ');
    await report({ ts: Date.now(), tx: -5, rx: 1 });
    await report({ ts: Date.now(), tx: '12', rx: 1 });
    await report({ ts: Date.now(), tx: 2 ** 60, rx: 1 });
    await report(JSON.stringify({ ts: Date.now(), tx: 1, rx: 1, pad: 'x'.repeat(5000) }));
    await expect.poll(() => metric(t, 'traffic_malformed_total{reason="not_json"}')).toBe(before.not_json + 1);
    await expect.poll(() => metric(t, 'traffic_malformed_total{reason="bad_shape"}')).toBe(before.bad_shape + 3);
    await expect.poll(() => metric(t, 'traffic_malformed_total{reason="too_large"}')).toBe(before.too_large + 1);
    await report({ ts: t.clock.now().getTime(), tx: 600, rx: 400 });
    await expect.poll(() => day(today())).toEqual({ up: 1200, down: 600 });
  });

  it('ignores a report of a gateway that is no box', async () => {
    expect(await countTraffic(t.db, { gatewayId: 'NO-SUCH', ts: Date.now(), tx: 1, rx: 1 }, new Date())).toBe('unknown_box');
  });
});
