// Cold start of the built server to healthy (PGlite, first start with seeding and a later one), login latency
// (dominated by scrypt by design) and a clean SIGTERM stop. Run after `npm run build`: node bench/startup.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LOGINS = Number(process.env.LOGINS ?? 30);
const main = path.resolve('packages/server/dist/main.js');

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function start(dataDir, port) {
  const began = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: 'bench-pass-1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/custom/api/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - began > 60_000) throw new Error(`not healthy after 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, ms: performance.now() - began, output: () => output };
}

async function stop(child) {
  const began = performance.now();
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`SIGTERM stop exited with ${code}`);
  return performance.now() - began;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-'));
try {
  const port = await freePort();
  const first = await start(dataDir, port);
  const latencies = [];
  for (let i = 0; i < LOGINS; i++) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/custom/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-pass-1' }),
    });
    const body = await res.json();
    if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
    latencies.push(performance.now() - t0);
  }
  const firstStop = await stop(first.child);
  const second = await start(dataDir, port);
  await stop(second.child);
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  console.log(`cold start to healthy, first start (migrate + seed): ${first.ms.toFixed(0)} ms`);
  console.log(`cold start to healthy, later start:                 ${second.ms.toFixed(0)} ms`);
  console.log(`login latency over ${LOGINS} logins: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms`);
  console.log(`SIGTERM to exit 0: ${firstStop.toFixed(0)} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
