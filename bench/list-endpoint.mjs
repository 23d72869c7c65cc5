// List endpoint on 100,000 rows (PostgreSQL): GET /system/login_log (a page with its count) through the built
// server, side by side with the same two SQL statements through bare `pg` in a minimal node:http server
// (bench/bare-list-server.mjs). autocannon, 50 connections, DURATION seconds each in ROUNDS interleaved slices;
// prints req/s, p50/p99 and ours/bare. Run after `npm run build`: node bench/list-endpoint.mjs
// (env PG_URL, DURATION, ROUNDS, CONNECTIONS, PAGE to change the defaults)
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PAGE = Number(process.env.PAGE ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
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
  server = await startBuiltServer({ env: { DATABASE_URL: dbUrl, LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD } });
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

  const login = await fetch(`${server.url}/custom/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  }).then((r) => r.json());
  if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const headers = { token: login.data.token };

  const barePort = await freePort();
  bare = fork(fileURLToPath(new URL('./bare-list-server.mjs', import.meta.url)), { env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(barePort) } });
  await new Promise((resolve, reject) => bare.once('message', resolve).once('exit', reject));
  const bareUrl = `http://127.0.0.1:${barePort}${path.replace('/custom/api/v1/system', '')}`;

  // both answer the same page
  const check = await fetch(`${server.url}${path}`, { headers }).then((r) => r.json());
  const base = await fetch(bareUrl).then((r) => r.json());
  if (check.count !== base.count || check.count < ROWS || check.data.map((r) => r.id).join() !== base.data.map((r) => r.id).join()) {
    throw new Error(`the two servers disagree: ${JSON.stringify({ ours: check.count, bare: base.count })}`);
  }

  // Interleaved slices (ours, bare, ours, …) so a busy neighbour on the machine slows both alike.
  const measure = async (url, seconds, h, sink) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: h });
    instance.on('response', (_client, _status, _bytes, ms) => sink?.latencies.push(ms));
    const r = await instance;
    if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    if (sink) {
      sink.requests += r.requests.total;
      sink.seconds += r.duration;
    }
  };
  const ourUrl = `${server.url}${path}`;
  await measure(ourUrl, 2, headers); // warm-up: JIT, pools, plan caches
  await measure(bareUrl, 2);
  const a = { requests: 0, seconds: 0, latencies: [] };
  const b = { requests: 0, seconds: 0, latencies: [] };
  for (let i = 0; i < ROUNDS; i++) {
    await measure(ourUrl, DURATION / ROUNDS, headers, a);
    await measure(bareUrl, DURATION / ROUNDS, undefined, b);
  }
  const summary = (s) => {
    const sorted = s.latencies.sort((x, y) => x - y);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { rps: s.requests / s.seconds, p50: at(0.5), p99: at(0.99) };
  };
  const [ours, bareResult] = [summary(a), summary(b)];

  console.log(`GET /system/login_log?page=${PAGE}&limit=20 on ${ROWS.toLocaleString('en')} rows, PostgreSQL, ${CONNECTIONS} connections,`);
  console.log(`${DURATION} s each in ${ROUNDS} interleaved slices`);
  console.log('                          req/s   p50 ms   p99 ms');
  for (const [label, r] of [['ours (API, with auth)', ours], ['bare pg + node:http', bareResult]]) {
    console.log(`${label.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)}`);
  }
  console.log(`ours/bare: req/s ${(ours.rps / bareResult.rps).toFixed(2)} (goal ≥ 0.8), p99 ${(ours.p99 / bareResult.p99).toFixed(2)}`);
} finally {
  bare?.kill('SIGTERM');
  await server?.stop();
  await sql(PG_URL, `drop database if exists ${name} with (force)`);
}
