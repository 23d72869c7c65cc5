// 首页 with 10,000 boxes and 30,000 machine tools on PostgreSQL behind the built server: the fleet of
// bench/fleet-seed.mjs cut to BOXES boxes (three machine tools each, 2,000 customers in a four-level tree) and a
// day of what the home page sums up (bench/dashboard-seed.mjs). For every API a card of the home page calls
// (features/dashboard), as the super user and as a customer user of a factory (its subtree), the latency over
// SEQ sequential requests and over CONC_REQUESTS requests CONCURRENCY at a time, side by side with a bare
// baseline: the very SQL our server sent for that request (captured by bench/sql-capture.mjs), run through bare
// `pg` from this process, so the difference is our server's own. Then the time from navigation to a complete
// home page in headless Chromium (every card with its data, the chart drawn), RUNS visits per user.
// Goal: each widget's p99 ≤ 100 ms.
// Run after `npm run build`: node bench/dashboard.mjs
// env: PG_URL (a PostgreSQL server to make a fresh database on), BOXES (10000), PERIODS (state periods per machine
// tool today, 6), READINGS (part-counter readings per machine tool today, 24; a real box at 1 Hz sends 86,400),
// SEQ (100), CONC_REQUESTS (100), CONCURRENCY (10), POOL (20: the server's DB_POOL_MAX and the bare pool), RUNS (3),
// ONLY=<text> (the widgets whose label holds it), CHROMIUM_PATH (/usr/bin/chromium)
import { readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { freshDatabase } from './boxes.mjs';
import { seedDashboard } from './dashboard-seed.mjs';
import { completeDashboard } from './dashboard-page.mjs';
import { FLEET, seedFleet } from './fleet-seed.mjs';
import { loginToken } from './measure.mjs';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOXES = Number(process.env.BOXES ?? 10_000);
const PERIODS = Number(process.env.PERIODS ?? 6);
const READINGS = Number(process.env.READINGS ?? 24);
const SEQ = Number(process.env.SEQ ?? 100);
const CONC_REQUESTS = Number(process.env.CONC_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const POOL = Number(process.env.POOL ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const ONLY = process.env.ONLY;
const GOAL_MS = 100;
const PASSWORD = 'bench-pass-1';
const API = '/custom/api/v1';

/** The APIs of 首页's cards (features/dashboard/api.ts and the cards' own queries); the last two for the vendor only. */
const WIDGETS = [
  ['公司信息', '/user/custom_info'],
  ['下载专区', '/tools/downloads'],
  ['设备统计信息', '/device/device/stats'],
  ['机床状态', '/device/machine/states'],
  ['今日报警', '/device/machine/alarms/today?limit=20'],
  ['今日产量', '/device/machine/output/today?limit=10'],
  ['即将到期的授权', '/system/license?state=expiring&sort=exp&limit=10', 'vendor'],
  ['库存', '/manager/goods?limit=100', 'vendor'],
];

if (!statSync(fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url)), { throwIfNoEntry: false })) {
  throw new Error('packages/server/dist/main.js missing: run `npm run build` first');
}

const captureFile = path.join(tmpdir(), `gw-dashboard-sql-${process.pid}.jsonl`);
const database = await freshDatabase(PG_URL, 'dashboard');
let server;
let browser;
const db = new pg.Client({ connectionString: database.url });
const bare = new pg.Pool({ connectionString: database.url, max: POOL });
try {
  server = await startBuiltServer({
    env: { DATABASE_URL: database.url, LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD, DB_POOL_MAX: String(POOL), SQL_CAPTURE: captureFile },
    nodeArgs: ['--import', fileURLToPath(new URL('./sql-capture.mjs', import.meta.url))],
  });
  await db.connect();
  const seedMs = (await seedFleet(db, BOXES)) + (await seedDashboard(db, { periods: PERIODS, readings: READINGS }));
  const { rows: [counts] } = await db.query(
    `select (select count(*) from machine_tool)::int machines, (select count(*) from machine_state_log)::int periods, (select count(*) from telemetry)::int readings, (select count(*) from machine_alarm)::int alarms`,
  );

  // a customer user of a mid-level company (a factory, its workshops and their lines) with 查询 on boxes and machine tools
  const superToken = await loginToken(server.url, 'admin', PASSWORD);
  const call = async (method, url, body) => {
    const res = await fetch(`${server.url}${API}${url}`, { method, headers: { 'content-type': 'application/json', token: superToken }, body: JSON.stringify(body) }).then((r) => r.json());
    if (res.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res)}`);
    return res.data;
  };
  const { rows: [factory] } = await db.query(
    `with recursive sub(id) as (select id from customer where company_name = '工厂 7' union select c.id from customer c join sub on c.parent_id = sub.id)
     select (select id from customer where company_name = '工厂 7') id, count(m.*)::int machines
       from sub join device d on d.customer_id = sub.id join machine_tool m on m.device_id = d.id`,
  );
  const role = await call('POST', '/system/role', { name: '工厂运维', menus: [{ menu: '/device/device', action: 1 }, { menu: '/device/machinetool', action: 1 }] });
  await call('POST', '/system/admin_user', { username: 'factory7', password: PASSWORD, customer_id: factory.id, roles: [role.id] });
  const users = [
    { label: 'super user', token: superToken, vendor: true },
    { label: 'customer', token: await loginToken(server.url, 'factory7', PASSWORD), vendor: false },
  ];

  const get = async (url, token) => {
    const res = await fetch(`${server.url}${API}${url}`, { headers: { token } });
    const body = await res.json();
    if (res.status !== 200 || body.code !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  /** The statements our server sends for one request of `url`, in order. */
  const captureOnce = async (url, token) => {
    rmSync(captureFile, { force: true });
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 100));
    await get(url, token);
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 100));
    const lines = statSync(captureFile, { throwIfNoEntry: false }) ? readFileSync(captureFile, 'utf8').trim().split('\n') : [];
    return lines.map((l) => JSON.parse(l));
  };
  /**
   * The SQL of one request of `url`: those statements of a request that a second one sent too (a background
   * job's query in the window is not the widget's — unless it recurs in both, as it may beside a request of
   * seconds), less the session's look-up (the bare side has no session).
   */
  const captureSql = async (url, token) => {
    await get(url, token); // the session is cached now
    const first = await captureOnce(url, token);
    const second = new Set((await captureOnce(url, token)).map((q) => q.text));
    return first.filter((q) => second.has(q.text) && !/"session"|"admin_user"/.test(q.text));
  };
  const runBare = async (queries) => {
    for (const q of queries) await bare.query({ text: q.text, values: q.values, rowMode: q.rowMode, name: q.name });
  };
  /** Latencies of `n` calls of `once`, `width` at a time. */
  const timed = async (once, n, width) => {
    const latencies = [];
    let next = 0;
    const worker = async () => {
      while (next++ < n) {
        const t0 = performance.now();
        await once();
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: width }, worker));
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { p50: at(0.5), p99: at(0.99) };
  };

  const results = [];
  for (const user of users) {
    for (const [label, url, only] of WIDGETS) {
      if ((only === 'vendor' && !user.vendor) || (ONLY && !label.includes(ONLY))) continue;
      const queries = await captureSql(url, user.token);
      const ours = () => get(url, user.token);
      const base = () => runBare(queries);
      for (let i = 0; i < 5; i++) {
        await ours(); // warm-up: JIT, pools, plans
        await base();
      }
      results.push({
        card: label,
        path: url.split('?')[0],
        user: user.label,
        statements: queries.length,
        ours: { seq: await timed(ours, SEQ, 1), conc: await timed(ours, CONC_REQUESTS, CONCURRENCY) },
        bare: { seq: await timed(base, SEQ, 1), conc: await timed(base, CONC_REQUESTS, CONCURRENCY) },
      });
    }
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const pages = [];
  for (const user of users) {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await completeDashboard(browser, server.url, user.token, user.vendor));
    pages.push({ user: user.label, times });
  }

  const f = (ms) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
  const pair = (s) => `${f(s.p50)}/${f(s.p99)}`.padStart(12);
  const met = (ms) => (ms <= GOAL_MS ? 'met' : 'NOT met').padStart(9);
  console.log(
    `首页 on ${BOXES.toLocaleString('en')} boxes, ${counts.machines.toLocaleString('en')} machine tools, ${FLEET.customers.toLocaleString('en')} customers; today ${counts.periods.toLocaleString('en')} state periods, ${counts.readings.toLocaleString('en')} counter readings, ${counts.alarms.toLocaleString('en')} alarms; seeded in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`customer: a user of 工厂 7, whose subtree has ${factory.machines.toLocaleString('en')} machine tools`);
  console.log(`PostgreSQL, pool ${POOL}; ${SEQ} sequential requests, ${CONC_REQUESTS} at ${CONCURRENCY} concurrent; bare = the same SQL through bare pg from the bench; p50/p99 ms`);
  // the card's name last: CJK characters are two columns wide, and padding counts them as one
  console.log(`${'user'.padEnd(11)} ${'API'.padEnd(30)} SQL     ours seq     bare seq    ours conc    bare conc  p99 ≤ ${GOAL_MS} ms seq / conc  card`);
  for (const r of results) {
    console.log(
      `${r.user.padEnd(11)} ${r.path.padEnd(30)} ${String(r.statements).padStart(3)} ${pair(r.ours.seq)} ${pair(r.bare.seq)} ${pair(r.ours.conc)} ${pair(r.bare.conc)} ${met(r.ours.seq.p99)} /${met(r.ours.conc.p99)}  ${r.card}`,
    );
  }
  if (RUNS > 0) console.log(`complete 首页 in headless Chromium (navigation → every card with its data), ${RUNS} visits: median (worst) ms`);
  for (const { user, times } of pages.filter((p) => p.times.length)) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${user.padEnd(11)} ${f(sorted[Math.floor(sorted.length / 2)])} (${f(sorted.at(-1))})`);
  }
} finally {
  await browser?.close();
  await server?.stop();
  await bare.end().catch(() => {});
  await db.end().catch(() => {});
  await database.drop();
  rmSync(captureFile, { force: true });
}
