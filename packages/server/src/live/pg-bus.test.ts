import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@gw/contracts';
import { type BuiltApp, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { type FleetWorld, fleetWorld } from '../test/fleet.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';
import { liveTab } from '../test/live.js';
import { liveChannelOf } from './channel.js';
import { LIVE_PG_CHANNEL, PgLiveBus } from './pg-bus.js';

const at = '2026-11-23T12:00:00.000Z';
const poolOf = (db: unknown) => (db as { $client: pg.Pool }).$client;

// PGlite is one process and so one node: there is no other node to reach. Run with DATABASE_URL set.
describe.skipIf(!process.env.DATABASE_URL)('the live bus across nodes (real PostgreSQL; skipped on PGlite: one process is one node)', () => {
  let a: TestApp;
  let w: FleetWorld;
  let second: { built: BuiltApp; database: Database; dataDir: string };
  let urlOfB: string;

  beforeAll(async () => {
    a = await createTestApp({ services: ['live'] });
    w = await fleetWorld(a, 'X');
    // a second node on the same database
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-test-'));
    const database = await openDatabase({ url: poolOf(a.db).options.connectionString });
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LIST_COUNT_CACHE_MS: '0', MQTT_PORT: '0' });
    const built = await buildApp({ config, db: database.db, logger: false });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    second = { built, database, dataDir };
    urlOfB = `ws://127.0.0.1:${(built.app.server.address() as { port: number }).port}/custom/api/v1/live`;
  });
  afterAll(async () => {
    await second?.built.app.close();
    await second?.database.close();
    if (second) rmSync(second.dataDir, { recursive: true, force: true });
    await a?.close();
  });

  it('an event published on one node reaches a tab on the other, once, in batched NOTIFY payloads under 8000 bytes', async () => {
    expect(a.deps.live).toBeInstanceOf(PgLiveBus);
    const tab = await liveTab(urlOfB, w.userA);
    await expect.poll(() => liveChannelOf(second.built.deps)!.tabs.size).toBe(1);
    const notify = vi.spyOn(poolOf(a.db), 'query');

    const values = (i: number): LiveEvent => ({ type: 'realtime', customer_id: w.a, device_id: w.boxes.a, machine_id: 1, ts: at, values: { i, spindle: 'x'.repeat(100) } });
    tab.send({ watch: [w.boxes.a] });
    await expect.poll(() => [...liveChannelOf(second.built.deps)!.tabs].some((t) => t.sees(values(0)))).toBe(true);
    for (let i = 0; i < 300; i++) a.deps.live.publish(values(i));
    const presence: LiveEvent = { type: 'presence', customer_id: w.a, device_id: w.boxes.a, gateway_id: 'X-A', online: true, at };
    a.deps.live.publish(presence);

    await expect.poll(() => tab.events.length, { timeout: 5000 }).toBe(301);
    expect(tab.events.at(-1)).toEqual(presence);
    expect(tab.events.slice(0, 300).map((e) => (e.type === 'realtime' ? e.values.i : undefined))).toEqual([...Array(300).keys()]);
    const payloads = notify.mock.calls.filter((call) => (call[1] as unknown[] | undefined)?.[0] === LIVE_PG_CHANNEL).map((call) => (call[1] as string[])[1]);
    // ~45 KB of events in a handful of NOTIFYs, never one per event
    expect(payloads.length).toBeGreaterThanOrEqual(5);
    expect(payloads.length).toBeLessThan(20);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    notify.mockRestore();

    // the publishing node's own tabs hear it once (in process), not again from its own NOTIFY
    const own = await liveTab(`ws://127.0.0.1:${await a.app.listen({ port: 0, host: '127.0.0.1' }).then(() => (a.app.server.address() as { port: number }).port)}/custom/api/v1/live`, w.userA);
    await expect.poll(() => liveChannelOf(a.deps)!.tabs.size).toBe(1);
    a.deps.live.publish(presence);
    await expect.poll(() => tab.events.length).toBe(302);
    await new Promise((r) => setTimeout(r, 300));
    expect(own.events).toEqual([presence]);
    tab.socket.close();
    own.socket.close();
  });
});
