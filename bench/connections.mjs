// Connections benchmark: BOXES gateway boxes (default 10,000) connect to the built server's embedded
// broker with their own gateway id and secret; then the server restarts and every box reconnects. Printed side by
// side with a bare Aedes broker (no login check, no presence, no database) taking the same clients in the same run.
// Figures: time for all to be accepted, the server's RSS with all connected (goal ≤ 1 GiB), time for all to be
// back after a restart (goal ≤ 30 s). `npm run build` first.
//   node bench/connections.mjs [--boxes 10000]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { connectBox, rssMiB, seedBoxes } from './boxes.mjs';
import { arg } from './measure.mjs';

const BOXES = arg('boxes', 10_000);
/** Connects in flight at once: a storm, but within the listen backlog (a dropped SYN costs a 1 s retransmit). */
const IN_FLIGHT = 500;
const root = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'Bench-admin-1';

/** Box `i`: connects, and after every drop reconnects after a jittered pause (as a real box's backoff would). */
function box(i, port, onUp, state) {
  const connect = () =>
    connectBox(i, port, {
      onClose: () => {
        if (state.stopping) return;
        state.down.add(i);
        setTimeout(connect, 200 + Math.random() * 1_800);
      },
    }).then(
      (link) => {
        state.sockets[i] = link;
        onUp(i);
      },
      (err) => {
        if (err.refused) state.refused++;
      },
    );
  return connect;
}

/** Connects every box, at most IN_FLIGHT at a time; resolves when all are accepted. */
async function connectAll(port, state) {
  const began = performance.now();
  let next = 1;
  let up = 0;
  await new Promise((resolve) => {
    const onUp = (i) => {
      state.down.delete(i);
      if (state.counting) {
        up++;
        if (up === BOXES) resolve();
      }
      if (next <= BOXES) box(next++, port, onUp, state)();
    };
    state.onUp = onUp;
    state.counting = true;
    for (; next <= Math.min(IN_FLIGHT, BOXES); next++) box(next, port, onUp, state)();
  });
  return performance.now() - began;
}

function closeAll(state) {
  state.stopping = true;
  for (const link of state.sockets) link?.close();
}

async function runOurs() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-conn-'));
  const mqttPort = await freePort();
  const env = { MQTT_PORT: String(mqttPort), LOG_LEVEL: 'error', ADMIN_PASSWORD: PASSWORD, LOGIN_CAPTCHA: 'off' };
  try {
    const first = await startBuiltServer({ dataDir, env });
    await first.stop({ keepData: true });
    await seedBoxes(dataDir, BOXES);
    const server = await startBuiltServer({ dataDir, env, nodeArgs: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [] });
    const rssIdle = rssMiB(server.pid);
    const state = { sockets: [], down: new Set(), refused: 0, stopping: false };
    const connectMs = await connectAll(mqttPort, state);
    await new Promise((r) => setTimeout(r, 2_000));
    const rss = rssMiB(server.pid);
    const online = await countOnline(server.url);
    // restart: every box drops and retries with a jittered pause until the new server takes it
    state.down = new Set();
    state.counting = false;
    const stopped = await server.stop({ keepData: true });
    const restartBegan = performance.now();
    const again = await startBuiltServer({ dataDir, env });
    const healthyMs = performance.now() - restartBegan;
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        if (state.down.size === 0) {
          clearInterval(tick);
          resolve();
        }
      }, 50);
    });
    const reconnectMs = performance.now() - restartBegan;
    closeAll(state);
    await again.stop({ keepData: true });
    return { connectMs, rssIdle, rss, online, stopMs: stopped.ms, healthyMs, reconnectMs, refused: state.refused };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Boxes the platform lists as online (presence written), via the API as the super user. */
async function countOnline(url) {
  try {
    const login = await fetch(`${url}/custom/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    }).then((r) => r.json());
    const token = login.data?.token;
    if (!token) return NaN;
    const list = await fetch(`${url}/custom/api/v1/device/device?online=true&limit=1`, { headers: { TOKEN: token } }).then((r) => r.json());
    return list.count ?? NaN;
  } catch {
    return NaN;
  }
}

async function runBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-broker.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const state = { sockets: [], down: new Set(), refused: 0, stopping: false };
  const connectMs = await connectAll(port, state);
  await new Promise((r) => setTimeout(r, 2_000));
  const rss = rssMiB(child.pid);
  closeAll(state);
  child.kill('SIGTERM');
  return { connectMs, rss };
}

const bare = await runBare();
const ours = await runOurs();
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`boxes: ${BOXES} (${IN_FLIGHT} connects in flight)`);
console.log(`all accepted:           ours ${s(ours.connectMs)} (${Math.round(BOXES / (ours.connectMs / 1000))}/s), bare ${s(bare.connectMs)} (${Math.round(BOXES / (bare.connectMs / 1000))}/s), ours/bare time ${(ours.connectMs / bare.connectMs).toFixed(2)}`);
console.log(`RSS with all connected: ours ${ours.rss.toFixed(0)} MiB (idle ${ours.rssIdle.toFixed(0)} MiB; goal ≤ 1024), bare ${bare.rss.toFixed(0)} MiB`);
console.log(`listed online:          ${ours.online} of ${BOXES}`);
console.log(`restart: SIGTERM to exit ${s(ours.stopMs)}, start to healthy ${s(ours.healthyMs)}, start to all ${BOXES} back ${s(ours.reconnectMs)} (goal ≤ 30 s)`);
console.log(`refused logins: ${ours.refused}`);
