// What the MQTT benchmarks share: boxes seeded straight into a stopped server's PGlite (with machine tools),
// and a raw MQTT 3.1.1 box connection (a real mqtt.js client per box would measure the client, not the broker).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import mqttPacket from 'mqtt-packet';
import pg from 'pg';

export const secretOf = (i) => `bench-secret-${i}`;
export const gatewayOf = (i) => `BCN${String(i).padStart(6, '0')}`;

/** Resident memory of a process in MiB (Linux /proc). */
export const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

/**
 * A database of the benchmarks: the server's PGlite in `dataDir` (stopped), or the PostgreSQL database at `url`;
 * `query(text, params)` answers `{rows}` either way.
 */
export async function benchDatabase({ dataDir, url }) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const db = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

/** A new, empty database on the PostgreSQL server of `serverUrl` for one run: its URL, and `drop()` at the end. */
export async function freshDatabase(serverUrl, label) {
  const name = `gw_${label}_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * `boxes` boxes (gateway ids gatewayOf(1..n), secrets secretOf(i), hashed with the platform's key) and
 * `machines` FANUC machine tools each (codes M1..Mk), straight into the server's database (see benchDatabase).
 */
export async function seedBoxes(target, boxes, machines = 0) {
  const db = await benchDatabase(typeof target === 'string' ? { dataDir: target } : target);
  const { rows: keys } = await db.query(`select value from app_secret where name = 'device_secret'`);
  if (!keys.length) throw new Error('no device_secret in app_secret (did the server seed?)');
  const key = keys[0].value;
  const { rows: vendor } = await db.query('select id from customer where is_vendor');
  const ids = Array.from({ length: boxes }, (_, i) => i + 1);
  await db.query(
    `insert into device (gateway_id, customer_id, secret_hash, state, machine_net)
     select g, $3, h, 'shipped', set_masklen('172.16.0.0'::inet + n::bigint * 256, 24)::cidr
       from unnest($1::text[], $2::text[]) with ordinality as t(g, h, n)`,
    [ids.map(gatewayOf), ids.map((i) => createHmac('sha256', key).update(secretOf(i)).digest('base64url')), vendor[0].id],
  );
  if (machines)
    await db.query(
      `insert into machine_tool (device_id, code, name, category, ip)
       select d.id, 'M' || m, '机床 ' || m, 'fanuc', host(d.machine_net)::inet + m
         from device d cross join generate_series(1, $1::int) m where d.gateway_id like 'BCN%'`,
      [machines],
    );
  await db.close();
}

/**
 * One message of a box: `machines` FANUC machine tools (codes M1…) with `values` values each (at most 12), the
 * n-th of the box's messages (its run state, part count and spindle speed move with n); `runstatus` overrides.
 */
export function fanucMessage(n, machines = 3, values = 12, { ts = Date.now(), runstatus } = {}) {
  return Buffer.from(
    JSON.stringify(
      Array.from({ length: machines }, (_, m) => ({
        device_id: `M${m + 1}`,
        ts,
        device_type: 'fanuc',
        values: [
          { name: 'cnc_type', value: '0i-MF' },
          { name: 'cnc_mode', value: 1 },
          { name: 'cnc_runstatus', value: runstatus ?? (n % 50 < 40 ? 3 : 0) },
          { name: 'cnc_emer', value: 0 },
          { name: 'cnc_alarm', value: [] },
          { name: 'cnc_products', value: Math.floor(n / 10) },
          { name: 'cnc_toolnum', value: (n % 12) + 1 },
          { name: 'cnc_srate', value: 100 },
          { name: 'cnc_frate', value: 100 },
          { name: 'cnc_setspeed', value: 8000 },
          { name: 'cnc_actspeed', value: 7990 + (n % 20) },
          { name: 'cnc_mainproname', value: 'O1234' },
        ].slice(0, values),
      })),
    ),
  );
}

/**
 * A box's raw MQTT connection to `port`: resolves once its CONNACK accepts it. `publish(topic, payload)` sends
 * QoS 1 and resolves at its PUBACK; `onClose` hears the connection drop.
 */
export function connectBox(i, port, { will = true, keepalive = 300, onClose } = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const parser = mqttPacket.parser();
    const pending = new Map();
    let nextId = 0;
    const link = {
      socket,
      publish(topic, payload) {
        nextId = (nextId % 65535) + 1;
        const messageId = nextId;
        return new Promise((acked) => {
          pending.set(messageId, acked);
          socket.write(mqttPacket.generate({ cmd: 'publish', topic, payload, qos: 1, messageId, retain: false, dup: false }));
        });
      },
      close: () => socket.destroy(),
    };
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode === 0) resolve(link);
        else reject(Object.assign(new Error(`refused ${packet.returnCode}`), { refused: true }));
      } else if (packet.cmd === 'puback') {
        pending.get(packet.messageId)?.();
        pending.delete(packet.messageId);
      }
    });
    socket.on('data', (d) => parser.parse(d));
    socket.on('connect', () =>
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: gatewayOf(i),
          username: gatewayOf(i),
          password: Buffer.from(secretOf(i)),
          keepalive,
          ...(will ? { will: { topic: `state/${gatewayOf(i)}/v1`, payload: Buffer.from('{"online":false,"ts":1}'), qos: 1, retain: true } } : {}),
        }),
      ),
    );
    socket.on('error', (err) => reject(err));
    socket.on('close', () => onClose?.());
  });
}

/**
 * Boxes `first`…`first + boxes - 1` on raw connections to `port`, each publishing telemetry (`machines` ×
 * `values`, see fanucMessage) with `window` messages unacknowledged, until `seconds` have passed or each box has
 * sent `perBox` messages. `started()` is called once every box is connected, before the first message. Resolves
 * with the messages acknowledged and the seconds they took; the connections are closed.
 */
export async function publishFor({ port, boxes, seconds = Infinity, perBox = Infinity, window = 10, machines = 3, values = 12, first = 1, started }) {
  const links = [];
  for (let i = first; i < first + boxes; i++) links.push(await connectBox(i, port, { will: false }));
  let acked = 0;
  let stop = false;
  started?.();
  const began = performance.now();
  const timer = Number.isFinite(seconds) ? setTimeout(() => (stop = true), seconds * 1000) : undefined;
  await Promise.all(
    links.map(async (link, b) => {
      const topic = `data/${gatewayOf(first + b)}/v1`;
      let n = 0;
      // a box stamps each reading of its own: one millisecond later than its last at least (a machine tool's
      // history keeps one reading per millisecond, so the window's messages must not share one)
      let last = 0;
      await Promise.all(
        Array.from({ length: window }, async () => {
          while (!stop && n < perBox) {
            last = Math.max(Date.now(), last + 1);
            await link.publish(topic, fanucMessage(n++, machines, values, { ts: last }));
            acked++;
          }
        }),
      );
    }),
  );
  clearTimeout(timer);
  const elapsed = (performance.now() - began) / 1000;
  for (const link of links) link.close();
  return { acked, seconds: elapsed };
}
