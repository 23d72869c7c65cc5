// PostgreSQL goes away under write load — restarted (fast shutdown, 3 s down) and crashed (SIGKILL, recovery
// from the WAL) — while admins create customers through the API and boxes publish QoS 1 telemetry into the
// embedded broker. What a user would notice: a write the server confirmed is there afterwards, a box's message
// the broker acknowledged is stored, a write during the outage is refused with a clear 503 (not a 500, not a
// hang), and the server comes back by itself, without a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { type PrivatePostgres, startPostgres } from '../scripts/private-services.mjs';
import { SERVER_ENV, login, openDb, seedBoxes, sleep, startBoxes, storedReadings, tally, untilHealthy, writeLoop } from './load.js';

const BOXES = 20;
const DOWN_MS = 3000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('PostgreSQL restarted under write load', () => {
  let pgsql: PrivatePostgres;
  let server: BuiltServer;
  let mqttPort: number;

  beforeAll(async () => {
    pgsql = await startPostgres();
    mqttPort = await freePort();
    server = await startBuiltServer({ env: { ...SERVER_ENV, DATABASE_URL: pgsql.url, MQTT_PORT: String(mqttPort) } });
    const db = await openDb({ url: pgsql.url });
    await seedBoxes(db, BOXES);
    await db.close();
  });
  afterAll(async () => {
    // what the server said (warnings and errors): the first place to look when a fault test fails
    const said = server?.output() ?? '';
    console.log(said.length > 4000 ? `${said.slice(0, 2000)}\n…\n${said.slice(-2000)}` : said);
    await server?.stop();
    await pgsql?.stop();
  });

  /** Load, the fault in its middle, more load; then what was confirmed against what is stored. */
  async function underLoad(label: string, fault: () => Promise<void>) {
    const token = await login(server.url);
    const boxes = await startBoxes({ url: `mqtt://127.0.0.1:${mqttPort}`, count: BOXES, inflight: 2 });
    const writes = writeLoop(server.url, token, label, 4);
    await sleep(3000);
    const confirmedBefore = writes.confirmed.length;
    const ackedBefore = [...boxes.acked.values()].reduce((s, a) => s + a.size, 0);

    const began = performance.now();
    await fault();
    const downMs = performance.now() - began;
    const healthMs = await untilHealthy(server.url);
    // writes go through again: a confirmed write after the database came back
    const confirmedAtUp = writes.confirmed.length;
    for (const until = performance.now() + 30_000; writes.confirmed.length === confirmedAtUp; await sleep(50)) {
      if (performance.now() > until) throw new Error('no write confirmed within 30 s of the database coming back');
    }
    const writesBackMs = performance.now() - began - downMs;
    await sleep(3000);
    await writes.stop();
    await boxes.stop();

    const db = await openDb({ url: pgsql.url });
    const { rows } = await db.query<{ company_name: string }>(`select company_name from customer where company_name like $1`, [`${label}-%`]);
    const stored = await storedReadings(db);
    await db.close();
    const customers = new Set(rows.map((r) => r.company_name));
    const missing = writes.confirmed.filter((c) => !customers.has(c));
    const readings = tally(boxes, stored);
    const report = {
      fault: label,
      outage_ms: Math.round(downMs),
      healthz_ok_after_db_up_ms: Math.round(healthMs),
      writes_back_after_db_up_ms: Math.round(writesBackMs),
      api: { confirmed: writes.confirmed.length, before_fault: confirmedBefore, stored: customers.size, missing: missing.length, refusals: Object.fromEntries(writes.refusals), slowest_ms: Math.round(writes.slowest()) },
      mqtt: { published: boxes.published(), acked_before_fault: ackedBefore, ...readings, box_reconnects: boxes.reconnects() },
    };
    console.log(JSON.stringify(report, null, 1));
    return { report, missing, readings };
  }

  const expectRecovered = ({ report, missing, readings }: Awaited<ReturnType<typeof underLoad>>) => {
    // the server never went down with its database
    expect(alive(server.pid)).toBe(true);
    expect(missing).toEqual([]);
    expect(readings.lost).toBe(0);
    expect(readings.acked).toBeGreaterThan(0);
    // during the outage: a 503 in the envelope with a Chinese message, never a 500, a stack or no answer at all
    for (const key of Object.keys(report.api.refusals)) expect(key).toMatch(/^503\/503 .*[\u4e00-\u9fff]/);
    expect(report.api.slowest_ms).toBeLessThan(15_000);
  };

  it('restart (fast shutdown, 3 s down): nothing confirmed is lost, writes meanwhile get 503, recovers by itself', async () => {
    expectRecovered(await underLoad('pgrestart', () => pgsql.restart({ downMs: DOWN_MS })));
  });

  it('crash (SIGKILL of PostgreSQL, recovery from its WAL at the next start): the same', async () => {
    expectRecovered(
      await underLoad('pgcrash', async () => {
        await pgsql.kill();
        await sleep(DOWN_MS);
        await pgsql.start();
      }),
    );
  });
});
