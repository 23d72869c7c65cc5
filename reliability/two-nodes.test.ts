import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, RolloutDetail } from '@gw/contracts';
import { type Fleet, startFleet } from '../packages/simulator/src/index.js';
import { type TestTab, liveTab } from '../packages/server/src/test/live.js';
import type { BuiltServer } from '../scripts/built-server.mjs';
import { connectBox, fanucMessage, gatewayOf, secretOf, seedBoxes } from '../bench/boxes.mjs';
import { type Cluster, api, envelope, login, metric, startCluster, waitForShares } from './cluster.mjs';

/** Boxes 1…ROLLOUT_BOXES take the firmware rollout; the others are targets of a rollout that only waits. */
const BOXES = 20;
const ROLLOUT_BOXES = 10;
const MACHINES = 2;
const VALUES = 4;
const PER_BOX = 100;
const FROM = '1.0.0';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the time (performance.now()) the tab receives an event `match` accepts; rejects after `ms`. */
function heard(tab: TestTab, match: (e: LiveEvent) => boolean, ms = 5000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (tab.socket.off('message', onMessage), reject(new Error(`no matching live event within ${ms} ms`))), ms);
    const onMessage = (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as LiveEvent | LiveEvent[];
      if (!(Array.isArray(parsed) ? parsed : [parsed]).some(match)) return;
      clearTimeout(timer);
      tab.socket.off('message', onMessage);
      resolve(performance.now());
    };
    tab.socket.on('message', onMessage);
  });
}

/** A console tab signed in on `node`'s live channel (counted by the node once its token is accepted). */
async function consoleOn(node: BuiltServer, token: string): Promise<TestTab> {
  const before = await metric(node, 'live_connections');
  const tab = await liveTab(`${node.url.replace('http', 'ws')}/custom/api/v1/live`, token);
  for (const until = Date.now() + 5000; (await metric(node, 'live_connections')) <= before; await sleep(20)) {
    if (Date.now() > until) throw new Error(`tab not signed in on ${node.url}`);
  }
  return tab;
}

/**
 * Scale-out on loopback: two built API nodes, started together on one fresh PostgreSQL, clients of one Mosquitto
 * (shared subscriptions), sharing one DATA_DIR. Whichever node is asked, the answer is the same.
 */
describe('two API nodes on one PostgreSQL and one Mosquitto', () => {
  let cluster: Cluster;
  let n1: BuiltServer;
  let n2: BuiltServer;
  let db: pg.Client;
  let token: string;
  let goodsId: number;
  let deviceIds: Map<string, number>;
  let fleet: Fleet | undefined;
  const tabs: TestTab[] = [];

  /** A published release of a random file, uploaded on `uploadOn` and saved and published on `saveOn`. */
  const release = async (version: string, uploadOn: BuiltServer, saveOn: BuiltServer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(32 * 1024))]), `fw-${version}.bin`);
    const file = await api<{ file_id: string }>(uploadOn, token, 'POST', '/system/version/file', form);
    const created = await api<{ id: number }>(saveOn, token, 'POST', '/system/version', { version, goods_ids: [goodsId], file_id: file.file_id, file_name: `fw-${version}.bin`, changelog: '' });
    await api(saveOn, token, 'POST', `/system/version/${created.id}/publish`);
    return created.id;
  };

  beforeAll(async () => {
    cluster = await startCluster();
    [n1, n2] = cluster.nodes;
    db = new pg.Client({ connectionString: cluster.pg.url });
    await db.connect();
    await seedBoxes({ url: cluster.pg.url }, BOXES, MACHINES);
    await waitForShares(cluster);
    token = await login(n1);
    goodsId = (await api<{ id: number }>(n1, token, 'POST', '/manager/goods', { name: '双节点网关', code: 'TWO-NODE-GW', price: '1', spec: '', description: '' })).id;
    const { rows } = await db.query<{ id: number; gateway_id: string }>(`update device set goods_id = $1 where gateway_id like 'BCN%' returning id, gateway_id`, [goodsId]);
    deviceIds = new Map(rows.map((r) => [r.gateway_id, r.id]));
  });

  afterAll(async () => {
    for (const tab of tabs) tab.socket.terminate();
    await fleet?.stop();
    await db?.end();
    await cluster?.stop();
  });

  it('both started at once on the fresh database: migrated once, one vendor, one super user', async () => {
    const { rows } = await db.query<{ vendors: number; admins: number }>(
      `select (select count(*)::int from customer where is_vendor) vendors, (select count(*)::int from admin_user where username = 'admin') admins`,
    );
    expect(rows[0]).toEqual({ vendors: 1, admins: 1 });
  });

  it('telemetry splits between the nodes: each takes a real share, every reading stored exactly once', async () => {
    const before = await Promise.all(cluster.nodes.map((n) => metric(n, 'ingest_messages_total')));
    // one timestamp per message (10 minutes back, 1 ms apart): a doubled reading would be a second row of it
    const t0 = Date.now() - 600_000;
    const links = await Promise.all(Array.from({ length: BOXES }, (_, b) => connectBox(b + 1, cluster.mosquitto.port, { will: false })));
    await Promise.all(
      links.map(async (link, b) => {
        const topic = `data/${gatewayOf(b + 1)}/v1`;
        let n = 0;
        // five messages of a box in flight at a time
        await Promise.all(Array.from({ length: 5 }, async () => {
          while (n < PER_BOX) {
            const k = n++;
            await link.publish(topic, fanucMessage(k, MACHINES, VALUES, { ts: t0 + k }));
          }
        }));
      }),
    );
    for (const link of links) link.close();

    const expected = BOXES * PER_BOX * MACHINES;
    const stored = async () =>
      (
        await db.query<{ rows: number; distinct: number; machines: number; short: number }>(
          `select count(*)::int "rows", count(distinct (t.machine_tool_id, t.ts))::int "distinct", count(distinct t.machine_tool_id)::int machines,
                  (select count(*)::int from (select machine_tool_id from telemetry where ts >= $1 group by machine_tool_id having count(*) <> $2 or min(ts) <> $1 or max(ts) <> $3) x) short
             from telemetry t where t.ts >= $1`,
          [new Date(t0), PER_BOX, new Date(t0 + PER_BOX - 1)],
        )
      ).rows[0];
    for (const until = Date.now() + 60_000; (await stored()).rows < expected; await sleep(200)) {
      if (Date.now() > until) throw new Error(`stored ${(await stored()).rows} of ${expected} readings after 60 s`);
    }
    // a late duplicate (a message delivered twice) would land after the count was reached
    await sleep(1500);
    expect(await stored()).toEqual({ rows: expected, distinct: expected, machines: BOXES * MACHINES, short: 0 });

    const after = await Promise.all(cluster.nodes.map((n) => metric(n, 'ingest_messages_total')));
    const taken = after.map((a, i) => a - before[i]);
    console.log(`ingest: ${BOXES * PER_BOX} messages, node 1 took ${taken[0]}, node 2 took ${taken[1]}; ${expected} readings stored, 0 lost, 0 doubled`);
    expect(taken[0] + taken[1]).toBe(BOXES * PER_BOX);
    for (const share of taken) expect(share).toBeGreaterThan(BOXES * PER_BOX * 0.2);
  });

  it('a change made on node 1 reaches a console on node 2 within a second', async () => {
    const tab = await consoleOn(n2, await login(n2));
    tabs.push(tab);
    // a rollout to boxes that stay offline: it waits, and only the API's pause and resume move it
    const versionId = await release('1.5.0', n1, n1);
    const waiting = [...deviceIds].filter(([gw]) => Number(gw.slice(3)) > ROLLOUT_BOXES).map(([, id]) => id);
    const rollout = await api<RolloutDetail>(n1, token, 'POST', '/system/rollout', { version_id: versionId, target: { type: 'devices', ids: waiting }, batch_size: waiting.length });
    const delays: number[] = [];
    for (let k = 0; k < 6; k++) {
      const [action, state] = k % 2 === 0 ? ['pause', 'paused'] : ['resume', 'running'];
      const arrival = heard(tab, (e) => e.type === 'rollout' && e.rollout_id === rollout.id && e.state === state);
      const asked = performance.now();
      await api(n1, token, 'POST', `/system/rollout/${rollout.id}/${action}`);
      delays.push((await arrival) - asked);
    }
    // a box going online and offline (its retained state, which every node sees and one records)
    const box = await mqtt.connectAsync(cluster.mosquitto.url, { clientId: gatewayOf(BOXES), username: gatewayOf(BOXES), password: secretOf(BOXES) });
    for (const online of [true, false]) {
      const arrival = heard(tab, (e) => e.type === 'presence' && e.gateway_id === gatewayOf(BOXES) && e.online === online);
      const sent = performance.now();
      await box.publishAsync(`state/${gatewayOf(BOXES)}/v1`, JSON.stringify({ online, ts: Date.now() }), { qos: 1, retain: true });
      delays.push((await arrival) - sent);
    }
    await box.endAsync();
    await api(n1, token, 'POST', `/system/rollout/${rollout.id}/cancel`);
    console.log(`live across nodes: rollout pause/resume on node 1 → tab on node 2 ${delays.slice(0, 6).map((d) => d.toFixed(0)).join(', ')} ms; box online/offline → tab ${delays.slice(6).map((d) => d.toFixed(0)).join(', ')} ms`);
    expect(Math.max(...delays)).toBeLessThan(1000);
  });

  it('a session works on either node; signed out on node 2, node 1 refuses it within SESSION_CACHE_MS', async () => {
    const session = await login(n1);
    expect((await api<{ username: string }>(n2, session, 'GET', '/user/info')).username).toBe('admin');
    // node 1 has just checked the session: its cache holds it for up to SESSION_CACHE_MS (1000 ms)
    await api(n1, session, 'GET', '/user/info');
    const out = performance.now();
    await api(n2, session, 'DELETE', '/user/logout');
    expect((await envelope(n2, session, 'GET', '/user/info')).code).toBe(401);
    let refusedAfter = Infinity;
    for (const until = out + 3000; performance.now() < until; await sleep(25)) {
      if ((await envelope(n1, session, 'GET', '/user/info')).code === 401) {
        refusedAfter = performance.now() - out;
        break;
      }
    }
    console.log(`session signed out on node 2: node 1 refused it after ${refusedAfter.toFixed(0)} ms`);
    // the cache's 1000 ms counted from node 1's last check, which came before the sign-out; and a busy machine
    expect(refusedAfter).toBeLessThan(1000 + 500);
  });

  it('an export asked on node 1 is followed and downloaded on node 2 (and node 1); an upload on node 1 is served by node 2', async () => {
    const job = await api<{ id: number }>(n1, token, 'POST', '/device/device/export', {});
    let state = '';
    for (const until = Date.now() + 60_000; state !== 'done'; await sleep(200)) {
      const row = await api<{ state: string; download_url: string | null; file_size: number }>(n2, token, 'GET', `/manager/export/${job.id}`);
      state = row.state;
      expect(state).not.toBe('failed');
      if (Date.now() > until) throw new Error(`export ${job.id} still ${state}`);
    }
    const { rows } = await db.query<{ runner: string; file_size: number }>('select runner, file_size from export_job where id = $1', [job.id]);
    for (const node of [n2, n1]) {
      const res = await fetch(`${node.url}/custom/api/v1/manager/export/${job.id}/download`, { headers: { token } });
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.subarray(0, 2).toString()).toBe('PK');
      expect(body.length).toBe(Number(rows[0].file_size));
    }
    console.log(`export ${job.id}: asked on node 1, run by ${rows[0].runner}, downloaded from both nodes`);

    const form = new FormData();
    const bytes = randomBytes(1000);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
    const stored = await api<{ url: string }>(n1, token, 'POST', '/tools/upload', form);
    const served = await fetch(`${n2.url}${stored.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a rollout started on node 2 updates boxes on the broker; node 1 shows its progress live and in its detail', async () => {
    const identities = Array.from({ length: ROLLOUT_BOXES }, (_, i) => ({ gateway_id: gatewayOf(i + 1), secret: secretOf(i + 1), machines: [] }));
    fleet = startFleet({ identities, url: cluster.mosquitto.url, rate: 0.05, version: FROM, backoffMs: 200, maxBackoffMs: 2000, ota: { rebootMs: 300 } });
    await fleet.connected(30_000);
    // the platform has read every box's version from its announcement
    for (const until = Date.now() + 30_000; ; await sleep(200)) {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int n from device where gateway_id like 'BCN%' and firmware_version = $1 and online`, [FROM]);
      if (rows[0].n === ROLLOUT_BOXES) break;
      if (Date.now() > until) throw new Error(`${rows[0].n}/${ROLLOUT_BOXES} boxes online on ${FROM}`);
    }
    const tab = await consoleOn(n1, token);
    tabs.push(tab);
    const events: Extract<LiveEvent, { type: 'rollout' }>[] = [];
    tab.socket.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as LiveEvent | LiveEvent[];
      for (const e of Array.isArray(parsed) ? parsed : [parsed]) if (e.type === 'rollout') events.push(e);
    });

    // the file is uploaded on node 1 and the release saved on node 2: the firmware store is shared
    const versionId = await release('2.0.0', n1, n2);
    const ids = identities.map((i) => deviceIds.get(i.gateway_id)!);
    const rollout = await api<RolloutDetail>(n2, token, 'POST', '/system/rollout', { version_id: versionId, target: { type: 'devices', ids }, batch_size: ROLLOUT_BOXES, concurrency: ROLLOUT_BOXES });
    let detail: RolloutDetail;
    for (const until = Date.now() + 90_000; ; await sleep(300)) {
      detail = await api<RolloutDetail>(n1, token, 'GET', `/system/rollout/${rollout.id}`);
      if (detail.state !== 'running') break;
      if (Date.now() > until) throw new Error(`rollout still running: ${JSON.stringify(detail.counts)}`);
    }
    expect(detail.state).toBe('done');
    expect(detail.items.map((i) => i.state)).toEqual(Array(ROLLOUT_BOXES).fill('done'));
    expect(fleet.stats.upgradesDone).toBe(ROLLOUT_BOXES);
    // the boxes' progress (gathered per 250 ms: one box's change names it, several name the rollout) and the end
    await sleep(500);
    const ours = events.filter((e) => e.rollout_id === rollout.id);
    expect(ours.filter((e) => e.state !== 'done').length).toBeGreaterThan(0);
    // the console refetches on each event: a box's gathered change may land after the end, carrying the state its
    // rollout had then (the nodes' events interleave), so only that the end was heard is asked
    expect(ours.some((e) => e.device_id === null && e.state === 'done')).toBe(true);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int n from device where id = any($1) and firmware_version = '2.0.0'`, [ids]);
    expect(rows[0].n).toBe(ROLLOUT_BOXES);
    const { rows: [driver] } = await db.query<{ nodes: string }>(`select string_agg(distinct node, ', ') nodes from device_online_log where device_id = any($1)`, [ids]);
    console.log(`rollout started on node 2: ${ROLLOUT_BOXES} boxes done; node 1's tab heard ${ours.length} rollout events (${ours.map((e) => e.state).join(' ')}); presence logged by ${driver.nodes}`);
  });

  it('a node restarted (a rolling update) gets what its broker session kept meanwhile: nothing lost, nothing doubled', async () => {
    // the simulated boxes would take their connections back from the raw ones below
    await fleet?.stop();
    fleet = undefined;
    await n2.stop();
    const before = await metric(n1, 'ingest_messages_total');
    const t0 = Date.now() - 300_000;
    const links = await Promise.all(Array.from({ length: BOXES }, (_, b) => connectBox(b + 1, cluster.mosquitto.port, { will: false })));
    await Promise.all(links.map(async (link, b) => {
      for (let k = 0; k < 10; k++) await link.publish(`data/${gatewayOf(b + 1)}/v1`, fanucMessage(k, MACHINES, VALUES, { ts: t0 + k }));
    }));
    for (const link of links) link.close();
    n2 = await cluster.restartNode(1);
    const expected = BOXES * 10 * MACHINES;
    const count = async () =>
      (await db.query<{ rows: number; distinct: number }>(`select count(*)::int "rows", count(distinct (machine_tool_id, ts))::int "distinct" from telemetry where ts >= $1 and ts < $2`, [new Date(t0), new Date(t0 + 10)])).rows[0];
    for (const until = Date.now() + 30_000; (await count()).rows < expected; await sleep(200)) {
      if (Date.now() > until) throw new Error(`stored ${(await count()).rows} of ${expected} after node 2 came back`);
    }
    await sleep(1000);
    expect(await count()).toEqual({ rows: expected, distinct: expected });
    const took = [(await metric(n1, 'ingest_messages_total')) - before, await metric(n2, 'ingest_messages_total')];
    console.log(`node 2 away: node 1 took ${took[0]}, node 2 took ${took[1]} once back (its kept session); ${expected} readings stored once`);
    expect(took[0] + took[1]).toBe(BOXES * 10);
  });

  it('neither node logged an error through it all', () => {
    for (const node of cluster.nodes) expect(node.output()).not.toMatch(/"level":(50|60)|失败/);
  });
});
