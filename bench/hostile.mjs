// Hostile input, long mode: every operation of the built server's own OpenAPI document gets the bounded cases of
// the normal suite plus CASES seeded random ones per path parameter, query parameter and body field (wrong types,
// huge and odd numbers, unicode, NUL bytes, deep nesting, long arrays, missing and unknown fields, repeated
// parameters, odd path segments), over real HTTP. Prints requests and 5xx per category, then checks the server
// is still healthy. Exit code 1 on any 5xx, hang or unhealthy end.
// Run after `npm run build`: node bench/hostile.mjs   (CASES=40 SEED=1 CONCURRENCY=4 DATABASE_URL=… to change)
import http from 'node:http';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { startBuiltServer } from '../scripts/built-server.mjs';

const { hostileRequests, operationsOf } = await tsImport('../packages/server/src/test/hostile.ts', import.meta.url);

const CASES = Number(process.env.CASES ?? 40);
const SEED = Number(process.env.SEED ?? 1);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const API = '/custom/api/v1';
const PASSWORD = 'bench-pass-1';

/** A fresh database on the PostgreSQL server of DATABASE_URL (dropped at the end), or PGlite when unset. */
async function database() {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: {}, drop: async () => {} };
  const name = `gw_hostile_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * One request with the raw path as given (fetch would normalise `..` and re-encode), answered {status, body};
 * status 0: no answer. A kept-alive socket the server closed after its previous answer (a 431 for a URL past
 * the header limit closes the connection) fails the next request sent on it: that one is sent again on a new
 * connection, and only a request with no answer on its own connection counts.
 */
async function send(server, req, token) {
  const res = await sendOn(agent, server, req, token);
  return res.status === 0 && !res.timedOut ? sendOn(false, server, req, token) : res;
}

function sendOn(via, server, { method, url, headers = {}, payload }, token, localAddress = undefined) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method, path: url, agent: via, localAddress, headers: { ...(token ? { token } : {}), ...headers }, timeout: 30_000 },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', (err) => resolve({ status: 0, body: String(err) }));
      },
    );
    let timedOut = false;
    req.on('timeout', () => {
      timedOut = true;
      req.destroy(new Error('no answer in 30 s'));
    });
    req.on('error', (err) => resolve({ status: 0, body: String(err), timedOut }));
    req.end(payload);
  });
}

/**
 * The walk's own sign-in, from another loopback address than the walk's requests: the hostile logins name admin
 * with wrong passwords often enough (CASES ≥ ~40) to lock admin for 15 minutes from the walk's address, as the
 * lockout (per user and address) should.
 */
async function login(server) {
  for (let i = 0; ; i++) {
    const request = { method: 'POST', url: `${API}/user/login`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'admin', password: PASSWORD }) };
    const res = await sendOn(false, server, request, undefined, '127.0.0.2');
    const body = JSON.parse(res.body);
    if (body.code === 200) return body.data.token;
    // a login rate limit answers 429: wait it out rather than lose the walk
    if (i > 60) throw new Error(`login failed: ${res.status} ${res.body}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const db = await database();
// a machine busy with other work can hold the start past the helper's default minute
const server = await startBuiltServer({ env: { LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD, ...db.env }, healthyWithinMs: 180_000 });
let exitCode = 0;
try {
  const doc = JSON.parse((await send(server, { method: 'GET', url: '/custom/api/docs/json' })).body);
  const ops = operationsOf(doc, API);
  let token = await login(server);
  let logins = 1;
  const byCategory = new Map();
  const failures = [];
  const began = performance.now();

  const queue = ops.flatMap((op) => hostileRequests(op, { seed: SEED, cases: CASES }).map((req) => ({ op, req })));
  let next = 0;
  let relogging = null;
  const worker = async () => {
    while (next < queue.length) {
      const { op, req } = queue[next++];
      if (relogging) await relogging;
      const res = await send(server, req, token);
      const row = byCategory.get(req.category) ?? { sent: 0, fivexx: 0, hung: 0 };
      row.sent++;
      if (res.status >= 500) row.fivexx++;
      if (res.status === 0) row.hung++;
      byCategory.set(req.category, row);
      if (res.status >= 500) failures.unshift(`${op.method} ${op.path} — ${req.what}: ${res.status} ${res.body.slice(0, 160)}`);
      else if (res.status === 0) failures.push(`${op.method} ${op.path} — ${req.what}: no answer, ${res.body.slice(0, 160)}`);
      // a request that ended the session (logout, role switch) is followed by a new login
      if (res.body.startsWith('{"code":401,') && res.status === 200 && !relogging) {
        relogging = login(server).then((t) => {
          token = t;
          logins++;
          relogging = null;
        });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - began) / 1000;

  const health = await send(server, { method: 'GET', url: '/custom/api/healthz' });
  const total = [...byCategory.values()].reduce((n, r) => n + r.sent, 0);
  const fivexx = [...byCategory.values()].reduce((n, r) => n + r.fivexx, 0);
  console.log(`hostile input, long mode: ${ops.length} operations, CASES=${CASES}, SEED=${SEED}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.table(Object.fromEntries([...byCategory].sort().map(([category, r]) => [category, { requests: r.sent, '5xx': r.fivexx, 'no answer': r.hung }])));
  console.log(`${total} requests in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(0)}/s), ${fivexx} 5xx, ${logins} logins`);
  console.log(`healthz after: HTTP ${health.status} ${health.body.slice(0, 200)}`);
  for (const f of failures.slice(0, 30)) console.log(`  ${f}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
  if (failures.length || health.status !== 200) exitCode = 1;
} finally {
  await server.stop();
  agent.destroy();
  await db.drop();
}
process.exit(exitCode);
