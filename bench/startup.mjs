// Cold start of the built server to healthy (PGlite: the first start with migrations and seed, and a later
// one), login latency (dominated by scrypt by design) and a clean SIGTERM stop.
// Run after `npm run build`: node bench/startup.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from '../scripts/built-server.mjs';

const LOGINS = Number(process.env.LOGINS ?? 30);
const env = { LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: 'bench-pass-1' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-'));
try {
  const first = await startBuiltServer({ dataDir, env });
  const latencies = [];
  for (let i = 0; i < LOGINS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${first.url}/custom/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-pass-1' }),
    });
    const body = await res.json();
    if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
    latencies.push(performance.now() - t0);
  }
  const firstStop = await first.stop();
  if (firstStop.code !== 0) throw new Error(`SIGTERM stop exited with ${firstStop.code}`);
  const second = await startBuiltServer({ dataDir, env, port: first.port });
  await second.stop();
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  console.log(`cold start to healthy, first start (migrate + seed): ${first.startMs.toFixed(0)} ms`);
  console.log(`cold start to healthy, later start:                 ${second.startMs.toFixed(0)} ms`);
  console.log(`login latency over ${LOGINS} logins: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms`);
  console.log(`SIGTERM to exit 0: ${firstStop.ms.toFixed(0)} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
