// List endpoint on 100,000 rows (PostgreSQL): GET /system/login_log (a page with its count) through the built
// server, side by side with the same SQL (page, count, company names) through bare `pg` in a minimal node:http
// server (bench/bare-list-server.mjs). autocannon, 50 connections, DURATION seconds each in ROUNDS interleaved
// slices; prints req/s, p50/p99, each server's CPU per request and ours/bare, with the load average around the
// run (the machine may be shared: the ratio travels, the absolutes do not). A benchmark, not a test: it stops
// only when a server errs or the two answer differently. Run after `npm run build`: node bench/list-endpoint.mjs
// (env PG_URL, DURATION, ROUNDS, CONNECTIONS, PAGE; POOL = connections per server to PostgreSQL, default 20)
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { canonical, loginToken, measureSlice } from './measure.mjs';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PAGE = Number(process.env.PAGE ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const POOL = process.env.POOL ?? '20';
const ROWS = 100_000;
const PASSWORD = 'bench-pass-1';
const path = `/custom/api/v1/system/login_log?page=${PAGE}&limit=20`;

if (!existsSync(fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url)))) {
  throw new Error('packages/server/dist/main.js missing: run `npm run build` first');
}

async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const name = `gw_bench_${process.pid}`;
const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
await sql(PG_URL, `create database ${name}`);
let server;
let bare;
try {
  server = await startBuiltServer({ env: { DATABASE_URL: dbUrl, LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD, DB_POOL_MAX: POOL } });
  await sql(dbUrl, `insert into customer (company_name) select '客户 ' || g from generate_series(1, 20) as g`);
  await sql(
    dbUrl,
    `insert into login_log (customer_id, username, ip, user_agent, success, reason, created_at)
     select (select min(id) from customer) + g % 21, 'user' || (g % 1000), '10.0.' || (g % 250) || '.' || (g % 200),
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) bench', g % 4 <> 0, case when g % 4 = 0 then 'password' else 'ok' end,
            now() - (${ROWS} - g) * interval '1 minute'
       from generate_series(1, ${ROWS}) as g`,
  );
  await sql(dbUrl, 'vacuum analyze login_log');

  const headers = { token: await loginToken(server.url, 'admin', PASSWORD) };

  const barePort = await freePort();
  bare = fork(fileURLToPath(new URL('./bare-list-server.mjs', import.meta.url)), {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(barePort), POOL_MAX: POOL },
  });
  await new Promise((resolve, reject) => bare.once('message', resolve).once('exit', reject));
  const bareUrl = `http://127.0.0.1:${barePort}${path.replace('/custom/api/v1/system', '')}`;

  // both answer the same page, byte for byte but for key order
  const check = await fetch(`${server.url}${path}`, { headers }).then((r) => r.json());
  const base = await fetch(bareUrl).then((r) => r.json());
  if (check.count < ROWS || canonical(check) !== canonical(base)) {
    throw new Error(`the two servers disagree:\nours ${canonical(check).slice(0, 300)}\nbare ${canonical(base).slice(0, 300)}`);
  }

  // Interleaved slices (ours, bare, ours, …) so a busy neighbour on the machine slows both alike.
  const measure = (url, seconds, h, pid, sink) => measureSlice(autocannon, { url, connections: CONNECTIONS, seconds, headers: h, pid, sink });
  const ourUrl = `${server.url}${path}`;
  await measure(ourUrl, 2, headers, server.pid); // warm-up: JIT, pools, plan caches
  await measure(bareUrl, 2, undefined, bare.pid);
  const a = { requests: 0, seconds: 0, cpu: 0, latencies: [] };
  const b = { requests: 0, seconds: 0, cpu: 0, latencies: [] };
  const loadBefore = loadavg()[0];
  for (let i = 0; i < ROUNDS; i++) {
    await measure(ourUrl, DURATION / ROUNDS, headers, server.pid, a);
    await measure(bareUrl, DURATION / ROUNDS, undefined, bare.pid, b);
  }
  const loadAfter = loadavg()[0];
  const summary = (s) => {
    const sorted = s.latencies.sort((x, y) => x - y);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { rps: s.requests / s.seconds, p50: at(0.5), p99: at(0.99), cpuMs: (1000 * s.cpu) / s.requests };
  };
  const [ours, bareResult] = [summary(a), summary(b)];

  const cell = (value, width, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width);
  console.log(`GET /system/login_log?page=${PAGE}&limit=20 on ${ROWS.toLocaleString('en')} rows, PostgreSQL, ${CONNECTIONS} connections,`);
  console.log(`${DURATION} s each in ${ROUNDS} interleaved slices, ${POOL} pooled PostgreSQL connections per server`);
  console.log(`load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (${cpus().length} cores)`);
  console.log('                          req/s   p50 ms   p99 ms   node CPU ms/req');
  for (const [label, r] of [['ours (API, with auth)', ours], ['bare pg + node:http', bareResult]]) {
    console.log(`${label.padEnd(22)} ${cell(r.rps, 8)} ${cell(r.p50, 8)} ${cell(r.p99, 8)} ${cell(r.cpuMs, 17, 2)}`);
  }
  console.log(`ours/bare: req/s ${(ours.rps / bareResult.rps).toFixed(2)} (goal ≥ 0.8), p99 ${(ours.p99 / bareResult.p99).toFixed(2)} (lower is better)`);
} finally {
  bare?.kill('SIGTERM');
  await server?.stop();
  await sql(PG_URL, `drop database if exists ${name} with (force)`);
}
