// What the fault tests share: the server's database opened beside it, boxes seeded into it, boxes publishing
// numbered QoS 1 telemetry (each message a reading of its own timestamp, so what a box had acknowledged can be
// found again row by row), and a loop of API writes that remembers which ones the server answered 200.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';

export const API = '/custom/api/v1';
export const PASSWORD = 'Reliab-pass-1';
/** The built server's environment for these tests: a known admin password and no captcha at login. */
export const SERVER_ENV = { ADMIN_PASSWORD: PASSWORD, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const gatewayOf = (i: number) => `REL${String(i).padStart(5, '0')}`;
export const secretOf = (i: number) => `rel-secret-${i}`;

export interface Query {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** The server's database: PostgreSQL at `url`, or the PGlite of a STOPPED server's `dataDir` (one process at a time). */
export async function openDb(target: { url: string } | { dataDir: string }): Promise<Query> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as T[] }), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir: path.join(target.dataDir, 'pglite'), extensions: { pg_trgm } });
  return { query: <T>(text: string, params?: unknown[]) => db.query<T>(text, params), close: () => db.close() };
}

/** `boxes` boxes (gatewayOf(1..n), secretOf(i)) of the platform's own company, each with one FANUC machine tool M1. */
export async function seedBoxes(db: Query, boxes: number): Promise<void> {
  const { rows: keys } = await db.query<{ value: string }>(`select value from app_secret where name = 'device_secret'`);
  if (!keys.length) throw new Error('no device_secret: start the server once first');
  const { rows: vendor } = await db.query<{ id: number }>('select id from customer where is_vendor');
  const ids = Array.from({ length: boxes }, (_, i) => i + 1);
  const hash = (i: number) => createHmac('sha256', keys[0].value).update(secretOf(i)).digest('base64url');
  await db.query(
    `insert into device (gateway_id, customer_id, secret_hash, state, machine_net)
     select g, $3, h, 'shipped', set_masklen('172.20.0.0'::inet + n::bigint * 256, 24)::cidr
       from unnest($1::text[], $2::text[]) with ordinality as t(g, h, n)`,
    [ids.map(gatewayOf), ids.map(hash), vendor[0].id],
  );
  await db.query(
    `insert into machine_tool (device_id, code, name, category, ip)
     select d.id, 'M1', '机床 1', 'fanuc', host(d.machine_net)::inet + 1 from device d where d.gateway_id like 'REL%'`,
  );
}

/** Every stored reading of the seeded boxes: gateway id → timestamps in ms (duplicates kept). */
export async function storedReadings(db: Query): Promise<Map<string, number[]>> {
  const { rows } = await db.query<{ gw: string; ms: string }>(
    `select d.gateway_id as gw, (extract(epoch from t.ts) * 1000)::bigint::text as ms
       from telemetry t join machine_tool m on m.id = t.machine_tool_id join device d on d.id = m.device_id
      where d.gateway_id like 'REL%'`,
  );
  const byBox = new Map<string, number[]>();
  for (const r of rows) byBox.set(r.gw, [...(byBox.get(r.gw) ?? []), Number(r.ms)]);
  return byBox;
}

export interface Tally {
  /** Messages the broker acknowledged to the boxes. */
  acked: number;
  /** Readings stored for the seeded boxes (every row, duplicates included). */
  stored: number;
  /** Acknowledged messages with no reading. */
  lost: number;
  /** Readings stored more than once (an at-least-once delivery handed over again). */
  duplicates: number;
  /** Readings of messages never acknowledged (sent, then the connection dropped before the PUBACK). */
  unacked: number;
  /** The lost messages as `gw ts` (the first 20). */
  lostKeys: string[];
}

/** What the boxes had acknowledged against what the database holds of their messages (timestamps from `boxes.base`). */
export function tally(boxes: Pick<Boxes, 'acked' | 'base' | 'sentBy'>, stored: Map<string, number[]>): Tally {
  const t: Tally = { acked: 0, stored: 0, lost: 0, duplicates: 0, unacked: 0, lostKeys: [] };
  for (const [gw, set] of boxes.acked) {
    const sent = boxes.sentBy.get(gw) ?? 0;
    const rows = (stored.get(gw) ?? []).filter((ts) => ts >= boxes.base && ts < boxes.base + sent);
    const seen = new Set(rows);
    t.acked += set.size;
    for (const ts of set) {
      if (seen.has(ts)) continue;
      t.lost++;
      if (t.lostKeys.length < 20) t.lostKeys.push(`${gw} ${ts}`);
    }
    for (const ts of seen) if (!set.has(ts)) t.unacked++;
    t.duplicates += rows.length - seen.size;
    t.stored += rows.length;
  }
  return t;
}

export interface Boxes {
  /** The first message's timestamp (ms): the boxes' messages are `base + n`. */
  base: number;
  /** Per gateway id, the timestamps of its messages the broker acknowledged. */
  acked: Map<string, Set<number>>;
  /** When each acknowledged message was acknowledged (performance.now()), by `gw ts`: to place a loss in time. */
  ackedAt: Map<string, number>;
  /** Per gateway id, how many messages it sent (timestamps base … base + sent - 1). */
  sentBy: Map<string, number>;
  published: () => number;
  connected: () => number;
  reconnects: () => number;
  /** Stops publishing and waits (up to `ms`) for what is in flight to be acknowledged; then disconnects. */
  stop(ms?: number): Promise<void>;
  /** Publishing pauses (what is in flight still completes). */
  pause(): void;
}

/**
 * `count` boxes on `url` (mqtt.js clients, which keep unacknowledged QoS 1 messages and send them again after a
 * reconnect), each keeping `inflight` messages unacknowledged: one machine tool's reading a message, its
 * timestamp `base + n` ms. `clean: false` gives each box a persistent session; `auth` logs in as the box.
 */
export async function startBoxes(options: { url: string; count: number; inflight?: number; clean?: boolean; auth?: boolean; gapMs?: number }): Promise<Boxes> {
  const { url, count, inflight = 2, clean = true, auth = true, gapMs = 0 } = options;
  const base = Date.now() - 600_000;
  const acked = new Map<string, Set<number>>();
  const sentBy = new Map<string, number>();
  const ackedAt = new Map<string, number>();
  const clients: MqttClient[] = [];
  let published = 0;
  let reconnects = 0;
  let stopped = false;
  const loops: Promise<void>[] = [];
  for (let i = 1; i <= count; i++) {
    const gw = gatewayOf(i);
    const client = mqtt.connect(url, {
      clientId: gw,
      ...(auth ? { username: gw, password: secretOf(i) } : {}),
      clean,
      protocolVersion: 4,
      reconnectPeriod: 250,
      connectTimeout: 5000,
      keepalive: 30,
    });
    client.on('reconnect', () => reconnects++);
    client.on('error', () => undefined);
    clients.push(client);
    const mine = new Set<number>();
    acked.set(gw, mine);
    let n = 0;
    const topic = `data/${gw}/v1`;
    const one = async () => {
      while (!stopped) {
        const ts = base + n++;
        sentBy.set(gw, n);
        published++;
        const payload = JSON.stringify([{ device_id: 'M1', ts, device_type: 'fanuc', values: [{ name: 'cnc_runstatus', value: 3 }, { name: 'cnc_products', value: n }] }]);
        try {
          await client.publishAsync(topic, payload, { qos: 1 });
          mine.add(ts);
          ackedAt.set(`${gw} ${ts}`, performance.now());
        } catch {
          // the client gave it up (ended): never acknowledged
        }
        if (gapMs) await sleep(gapMs);
      }
    };
    loops.push(...Array.from({ length: inflight }, one));
  }
  await Promise.all(clients.map((c) => (c.connected ? Promise.resolve() : new Promise((r) => c.once('connect', r)))));
  return {
    base,
    acked,
    sentBy,
    ackedAt,
    published: () => published,
    connected: () => clients.filter((c) => c.connected).length,
    reconnects: () => reconnects,
    pause: () => void (stopped = true),
    async stop(ms = 30_000) {
      stopped = true;
      await Promise.race([Promise.all(loops), sleep(ms)]);
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    },
  };
}

/** An API call's answer: HTTP status and the envelope, or `status: 0` and the network error (no answer). */
export interface Answer {
  status: number;
  body: { code: number; message: string; data: unknown } | null;
  error?: string;
  ms: number;
}

export async function call(base: string, token: string | null, method: string, url: string, body?: unknown, timeoutMs = 20_000): Promise<Answer> {
  const began = performance.now();
  try {
    const res = await fetch(`${base}${API}${url}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: Answer['body'] = null;
    try {
      json = JSON.parse(text) as Answer['body'];
    } catch {
      /* not the envelope */
    }
    return { status: res.status, body: json, ms: performance.now() - began, ...(json ? {} : { error: text.slice(0, 200) }) };
  } catch (err) {
    return { status: 0, body: null, error: (err as Error).message, ms: performance.now() - began };
  }
}

export async function login(base: string): Promise<string> {
  const res = await call(base, null, 'POST', '/user/login', { username: 'admin', password: PASSWORD });
  if (res.body?.code !== 200) throw new Error(`login: ${JSON.stringify(res)}`);
  return (res.body.data as { token: string }).token;
}

export interface Writes {
  /** Company names of the customers the server answered 200 for. */
  confirmed: string[];
  /** Every answer other than 200, by `status/code message`. */
  refusals: Map<string, number>;
  /** The slowest answer (ms). */
  slowest: () => number;
  stop(): Promise<void>;
}

/** `parallel` loops creating customers as admin (name `<prefix>-<loop>-<n>`), until stopped. */
export function writeLoop(base: string, token: string, prefix: string, parallel = 4): Writes {
  const confirmed: string[] = [];
  const refusals = new Map<string, number>();
  let slowest = 0;
  let stopped = false;
  const loop = async (k: number) => {
    for (let n = 0; !stopped; n++) {
      const company = `${prefix}-${k}-${n}`;
      const res = await call(base, token, 'POST', '/manager/custom', { company_name: company, name: `简称${n}` });
      slowest = Math.max(slowest, res.ms);
      if (res.status === 200 && res.body?.code === 200) confirmed.push(company);
      else {
        const key = `${res.status}/${res.body?.code ?? '-'} ${res.body?.message ?? res.error ?? ''}`.slice(0, 120);
        refusals.set(key, (refusals.get(key) ?? 0) + 1);
        await sleep(50);
      }
    }
  };
  const loops = Array.from({ length: parallel }, (_, k) => loop(k));
  return {
    confirmed,
    refusals,
    slowest: () => slowest,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Polls healthz until it answers ok; the milliseconds that took. */
export async function untilHealthy(base: string, limitMs = 60_000): Promise<number> {
  const began = performance.now();
  for (;;) {
    const res = await fetch(`${base}/custom/api/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (res?.ok) return performance.now() - began;
    if (performance.now() - began > limitMs) throw new Error(`not healthy after ${limitMs} ms`);
    await sleep(100);
  }
}

/**
 * A server's first start on a new PGlite data dir (initdb and every migration: a minute and more on a busy
 * machine, past startBuiltServer's limit), then a clean stop: later starts on the dir only open it.
 */
export async function prepareDataDir(dataDir: string, env: Record<string, string>, limitMs = 240_000): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { freePort } = await import('../scripts/built-server.mjs');
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../packages/server/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: '', MQTT_PORT: '0', ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await untilHealthy(`http://127.0.0.1:${port}`, limitMs);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
