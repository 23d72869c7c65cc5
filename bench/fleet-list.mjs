// The device list on a fleet of 100,000 boxes, 300,000 machine tools and 2,000 customers in a four-level tree
// (bench/fleet-seed.mjs) on PostgreSQL: GET /device/device — the first page, a tag filter and a keyword — as the
// super user and as a customer user of a mid-level company (its subtree's boxes), through the built server,
// side by side with the same SQL through bare `pg` in a minimal node:http server (bench/bare-fleet-server.mjs),
// autocannon at CONNECTIONS connections in ROUNDS interleaved slices of DURATION/ROUNDS seconds. Ours sends its
// list SQL as named statements (PostgreSQL parses and plans it once per connection): the bare server is measured
// both plain (the goal's baseline) and with named statements, so the gain of that design is shown apart. Prints the
// seeding time, req/s, p50/p99, node CPU per request and ours/bare per case, with the load average (the machine
// may be shared: the ratio travels, the absolutes do not). Goals: ours/bare ≥ 0.8; ≥ 1,000 req/s first page.
// Run after `npm run build`: node bench/fleet-list.mjs (env PG_URL, DURATION, ROUNDS, CONNECTIONS, POOL,
// LIST_COUNT_CACHE_MS; ONLY=<text> runs the cases whose label holds it; NODE_ARGS=<flags> for our server's node;
// PROF=<dir> writes CPU profiles of both servers there; SERVER_OUTPUT=<file> keeps our server's output)
import { fork } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { canonical, measureSlice } from './measure.mjs';
import { freshDatabase } from './boxes.mjs';
import { FLEET, seedFleet } from './fleet-seed.mjs';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const POOL = process.env.POOL ?? '20';
const COUNT_TTL = process.env.LIST_COUNT_CACHE_MS ?? '5000';
const ONLY = process.env.ONLY;
const PASSWORD = 'bench-pass-1';
const API = '/custom/api/v1';

if (!existsSync(fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url)))) {
  throw new Error('packages/server/dist/main.js missing: run `npm run build` first');
}

const database = await freshDatabase(PG_URL, 'fleet');
const dbUrl = database.url;
let server;
let bare;
const db = new pg.Client({ connectionString: dbUrl });
try {
  server = await startBuiltServer({
    env: { DATABASE_URL: dbUrl, LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD, DB_POOL_MAX: POOL, LIST_COUNT_CACHE_MS: COUNT_TTL },
    nodeArgs: [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []), ...(process.env.NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
  await db.connect();
  const seedMs = await seedFleet(db);

  const call = async (method, path, token, body) => {
    const res = await fetch(`${server.url}${API}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body && JSON.stringify(body),
    }).then((r) => r.json());
    if (res.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(res)}`);
    return res.data;
  };
  const superToken = (await call('POST', '/user/login', null, { username: 'admin', password: PASSWORD })).token;
  // a customer user of a mid-level company: a factory, its workshops and their lines
  const { rows: [factory] } = await db.query(`select id from customer where company_name = '工厂 7'`);
  const role = await call('POST', '/system/role', superToken, { name: '客户运维', menus: [{ menu: '/device/device', action: 1 }] });
  await call('POST', '/system/admin_user', superToken, { username: 'factory7', password: PASSWORD, customer_id: factory.id, roles: [role.id] });
  const customerToken = (await call('POST', '/user/login', null, { username: 'factory7', password: PASSWORD })).token;
  const { rows: [tag] } = await db.query(`select t.id, count(*) n from device_tag t join device_tag_link l on l.tag_id = t.id where t.customer_id in (select id from customer where parent_id in (select id from customer where parent_id = $1)) group by t.id order by n desc limit 1`, [factory.id]);

  const barePort = await freePort();
  bare = fork(fileURLToPath(new URL('./bare-fleet-server.mjs', import.meta.url)), {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(barePort), POOL_MAX: POOL, LIST_COUNT_CACHE_MS: COUNT_TTL },
    execArgv: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`, '--cpu-prof-name=bare.cpuprofile'] : [],
  });
  await new Promise((resolve, reject) => bare.once('message', resolve).once('exit', reject));

  const cases = [
    ['first page', 'page=1&limit=20'],
    ['tag filter', `page=1&limit=20&tag_id=${tag.id}`],
    ['keyword', 'page=1&limit=20&keywords=GW00123'],
  ];
  const users = [
    ['super user', superToken, ''],
    ['customer (工厂 7)', customerToken, `&scope=${factory.id}`],
  ];

  const measure = (url, seconds, headers, pid, sink) => measureSlice(autocannon, { url, connections: CONNECTIONS, seconds, headers: headers, pid, sink });
  const summary = (s) => {
    const sorted = s.latencies.sort((x, y) => x - y);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { rps: s.requests / s.seconds, p50: at(0.5), p99: at(0.99), cpuMs: (1000 * s.cpu) / s.requests };
  };
  const cell = (value, width, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width);

  const loadBefore = loadavg()[0];
  const results = [];
  for (const [userLabel, token, scope] of users) {
    for (const [caseLabel, query] of cases) {
      if (ONLY && !`${userLabel}, ${caseLabel}`.includes(ONLY)) continue;
      const ourUrl = `${server.url}${API}/device/device?${query}`;
      const bareUrl = `http://127.0.0.1:${barePort}/?${query}${scope}`;
      const namedUrl = `${bareUrl}&named=1`;
      const headers = { token };
      const check = await fetch(ourUrl, { headers }).then((r) => r.json());
      for (const url of [bareUrl, namedUrl]) {
        const base = await fetch(url).then((r) => r.json());
        if (canonical(check) !== canonical(base)) {
          throw new Error(`${userLabel} ${caseLabel}: the two servers disagree:\nours ${canonical(check).slice(0, 400)}\nbare ${canonical(base).slice(0, 400)}`);
        }
      }
      await measure(ourUrl, 2, headers, server.pid); // warm-up: JIT, pools, plan caches
      await measure(bareUrl, 2, undefined, bare.pid);
      await measure(namedUrl, 2, undefined, bare.pid);
      const a = { requests: 0, seconds: 0, cpu: 0, latencies: [] };
      const b = { requests: 0, seconds: 0, cpu: 0, latencies: [] };
      const n = { requests: 0, seconds: 0, cpu: 0, latencies: [] };
      for (let i = 0; i < ROUNDS; i++) {
        await measure(ourUrl, DURATION / ROUNDS, headers, server.pid, a);
        await measure(bareUrl, DURATION / ROUNDS, undefined, bare.pid, b);
        await measure(namedUrl, DURATION / ROUNDS, undefined, bare.pid, n);
      }
      results.push({ label: `${userLabel}, ${caseLabel} (${check.count} rows)`, ours: summary(a), bare: summary(b), named: summary(n) });
    }
  }
  const loadAfter = loadavg()[0];

  console.log(`GET /device/device on ${FLEET.boxes.toLocaleString('en')} boxes, ${(FLEET.boxes * FLEET.machinesPerBox).toLocaleString('en')} machine tools, ${FLEET.customers.toLocaleString('en')} customers in a four-level tree`);
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s; PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s a case in ${ROUNDS} interleaved slices, ${POOL} pooled connections per server, totals kept ${COUNT_TTL} ms`);
  console.log(`load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (${cpus().length} cores)`);
  console.log('bare: the same SQL through bare pg, unnamed (the goal\'s baseline); named: the same, as named statements like ours');
  console.log(`${'case'.padEnd(48)}   ours req/s   bare req/s  named req/s  ours/bare  ours/named   ours p50/p99 ms   bare p50/p99 ms   node CPU ms/req ours/bare/named`);
  for (const { label, ours, bare: b, named: n } of results) {
    console.log(
      `${label.padEnd(48)} ${cell(ours.rps, 12)} ${cell(b.rps, 12)} ${cell(n.rps, 12)} ${cell(ours.rps / b.rps, 10, 2)} ${cell(ours.rps / n.rps, 11, 2)} ${cell(ours.p50, 8)}/${cell(ours.p99, 6)}   ${cell(b.p50, 8)}/${cell(b.p99, 6)}   ${cell(ours.cpuMs, 10, 2)}/${cell(b.cpuMs, 4, 2)}/${cell(n.cpuMs, 4, 2)}`,
    );
  }
} finally {
  if (process.env.SERVER_OUTPUT && server) writeFileSync(process.env.SERVER_OUTPUT, server.output());
  bare?.kill('SIGTERM');
  await server?.stop();
  await db.end().catch(() => {});
  await database.drop();
}
