// Export of a 100,000-row list (customers, with a keyword filter that matches them all) through the API of the
// built server, on PostgreSQL (a fresh database, dropped at the end) and on PGlite: seconds from POST
// /manager/custom/export to the job being done, and the server process's peak RSS growth over the export
// (sampled from /proc/<pid>/status). Goal: ≤ 10 s and ≤ 150 MB.
// Run after `npm run build`: node bench/export.mjs   (ROWS=…, DATABASE_URL=… to change the defaults)
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-pass-1';
const env = { LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD };
const MB = 1024 * 1024;

const INSERT = `
  insert into customer (company_name, name, uscc, contact, phone, address, remark)
  select '压测公司 ' || g, '简称' || g, '91310000MA1FL' || lpad(g::text, 5, '0'), '联系人' || (g % 97),
         '138' || lpad(g::text, 8, '0'), '上海市浦东新区张江路 ' || g || ' 号|121.6|31.2', '备注 ' || md5(g::text)
  from generate_series(1, ${ROWS}) g`;
/** The rows are the fixture: inserted in one statement, without the per-row audit trigger. */
const seedRows = async (query) => {
  await query('alter table customer disable trigger audit');
  await query(INSERT);
  await query('alter table customer enable trigger audit');
};

const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

async function call(server, token, method, url, body) {
  const res = await fetch(`${server.url}/custom/api/v1${url}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Starts an export, polls it as the export page does, and measures the server meanwhile. */
async function measure(server) {
  const { token } = await call(server, null, 'POST', '/user/login', { username: 'admin', password: PASSWORD });
  const baseline = rssOf(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 25);
  const began = performance.now();
  let job = await call(server, token, 'POST', '/manager/custom/export', { filters: { keywords: '压测公司' } });
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    job = await call(server, token, 'GET', `/manager/export/${job.id}`);
  }
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  if (job.state !== 'done' || job.row_count !== ROWS) throw new Error(`export ended ${job.state} with ${job.row_count} rows: ${job.error}`);
  const file = await fetch(`${server.url}${job.download_url}`, { headers: { token } });
  const bytes = (await file.arrayBuffer()).byteLength;
  return { seconds, growth: (peak - baseline) / MB, baseline: baseline / MB, peak: peak / MB, bytes };
}

const report = (db, r) =>
  console.log(
    `${db.padEnd(10)} export of ${ROWS} rows: ${r.seconds.toFixed(1)} s (${Math.round(ROWS / r.seconds)} rows/s), ` +
      `server peak RSS growth ${r.growth.toFixed(0)} MB (${r.baseline.toFixed(0)} → ${r.peak.toFixed(0)} MB), file ${(r.bytes / MB).toFixed(1)} MB`,
  );
const verdict = (r) => r.seconds <= 10 && r.growth <= 150;
let ok = true;

// PostgreSQL: a fresh database, filled directly
{
  const name = `gw_bench_export_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const server = await startBuiltServer({ env: { ...env, DATABASE_URL: url.toString() } });
    try {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await seedRows((q) => client.query(q));
      await client.query('analyze customer');
      await client.end();
      const r = await measure(server);
      report('PostgreSQL', r);
      ok &&= verdict(r);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// PGlite: the server owns its data directory, so it is filled between a first start (migrations) and the run
{
  const first = await startBuiltServer({ env });
  await first.stop({ keepData: true });
  // with the extensions the server loads (db/client.ts)
  const db = new PGlite(path.join(first.dataDir, 'pglite'), { extensions: { pg_trgm } });
  await seedRows((q) => db.query(q));
  await db.close();
  const server = await startBuiltServer({ env, dataDir: first.dataDir });
  try {
    const r = await measure(server);
    report('PGlite', r);
    ok &&= verdict(r);
  } finally {
    await server.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  }
}

console.log(`goal: ≤ 10 s and ≤ 150 MB RSS growth — ${ok ? 'met' : 'NOT met'}`);
if (!ok) process.exitCode = 1;
