// Rollout benchmark: a firmware rollout of a FILE_MB file to BOXES simulated boxes (the simulator's own
// boxes: each downloads over HTTP hashing as it goes, reports on ota, reboots and comes back on the new version),
// once per concurrency limit of CONC, through the built server on a fresh PostgreSQL database: release uploaded,
// published, rolled out to every box in one batch. Figures per concurrency: time from POST /system/rollout to the
// rollout 已完成, the server's peak RSS and its CPU (mean over the run and the busiest second; /proc sampled every
// 200 ms), and the firmware bytes the boxes received per second. Side by side, the bare baseline: the same boxes
// on a bare Aedes (bench/bare-broker.mjs), the same file from a plain node:http static server
// (bench/bare-file-server.mjs), and a dispatcher in this process keeping the same number of boxes busy — ratio ours/bare.
// The boxes run in this process (its CPU is shared with the server's on a small machine: see the note printed).
// Run after `npm run build` and `npx tsc -b packages/simulator/tsconfig.build.json`: node bench/rollout.mjs
// env: PG_URL (a PostgreSQL server to make a fresh database on), BOXES (2000), FILE_MB (5), CONC (50,200,1000),
// REBOOT_MS (the boxes' reboot, 1000), ONLY=ours|bare (one side only), TIMEOUT_S (per rollout, 1800)
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { freshDatabase, gatewayOf, rssMiB, secretOf, seedBoxes } from './boxes.mjs';
import { cpuSeconds, loginToken } from './measure.mjs';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOXES = Number(process.env.BOXES ?? 2_000);
const FILE_MB = Number(process.env.FILE_MB ?? 5);
const CONC = (process.env.CONC ?? '50,200,1000').split(',').map(Number);
const REBOOT_MS = Number(process.env.REBOOT_MS ?? 1_000);
const TIMEOUT_S = Number(process.env.TIMEOUT_S ?? 1_800);
const ONLY = process.env.ONLY;
const PASSWORD = 'bench-pass-1';
const API = '/custom/api/v1';
const FROM_VERSION = '1.0.0';
const root = fileURLToPath(new URL('..', import.meta.url));

for (const [file, build] of [
  ...(ONLY === 'bare' ? [] : [['packages/server/dist/main.js', 'npm run build']]),
  ['packages/simulator/dist/index.js', 'npx tsc -b packages/simulator/tsconfig.build.json'],
]) {
  if (!statSync(path.join(root, file), { throwIfNoEntry: false })) throw new Error(`${file} missing: run \`${build}\` first`);
}
const { startFleet } = await import('../packages/simulator/dist/index.js');

const firmware = randomBytes(Math.round(FILE_MB * 1024 * 1024));
const sha256 = createHash('sha256').update(firmware).digest('hex');
const firmwareFile = path.join(tmpdir(), `gw-rollout-bench-${process.pid}.bin`);
writeFileSync(firmwareFile, firmware);
const identities = Array.from({ length: BOXES }, (_, i) => ({ gateway_id: gatewayOf(i + 1), secret: secretOf(i + 1), machines: [] }));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Samples processes' RSS (summed) and CPU time every 200 ms; `stop()` → peak RSS, mean and busiest-second CPU %. */
function sample(pids) {
  const read = () => ({ at: performance.now(), cpu: pids.reduce((s, pid) => s + cpuSeconds(pid), 0), rss: pids.reduce((s, pid) => s + rssMiB(pid), 0) });
  const samples = [read()];
  const timer = setInterval(() => samples.push(read()), 200);
  return () => {
    clearInterval(timer);
    samples.push(read());
    const first = samples[0];
    const last = samples.at(-1);
    let busiest = 0;
    for (let i = 5; i < samples.length; i++) busiest = Math.max(busiest, (samples[i].cpu - samples[i - 5].cpu) / ((samples[i].at - samples[i - 5].at) / 1000));
    return { rss: Math.max(...samples.map((s) => s.rss)), cpuMean: (last.cpu - first.cpu) / ((last.at - first.at) / 1000), cpuPeak: busiest };
  };
}

/** The fleet's updates done and failed and the bytes it downloaded since `before`. */
function fleetDelta(fleet, before) {
  const s = fleet.stats;
  return { done: s.upgradesDone - before.upgradesDone, failed: s.upgradesFailed - before.upgradesFailed, bytes: s.downloadedBytes - before.downloadedBytes };
}

async function runOurs() {
  const database = await freshDatabase(PG_URL, 'rollout');
  const mqttPort = await freePort();
  let server;
  let fleet;
  const db = new pg.Client({ connectionString: database.url });
  try {
    server = await startBuiltServer({ env: { DATABASE_URL: database.url, MQTT_PORT: String(mqttPort), LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error' } });
    const token = await loginToken(server.url, 'admin', PASSWORD);
    const call = async (method, url, body) => {
      const init = body === undefined || body instanceof FormData ? { body } : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
      const res = await fetch(`${server.url}${API}${url}`, { method, ...init, headers: { ...init.headers, token } }).then((r) => r.json());
      if (res.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res)}`);
      return res.data;
    };

    // the boxes, of one device type the releases fit
    await seedBoxes({ url: database.url }, BOXES);
    const goods = await call('POST', '/manager/goods', { name: '压测网关', code: 'BENCH-GW', price: '1', spec: '', description: '' });
    await db.connect();
    const { rows } = await db.query(`update device set goods_id = $1 where gateway_id like 'BCN%' returning id`, [goods.id]);
    const deviceIds = rows.map((r) => r.id);

    const form = new FormData();
    form.append('file', new Blob([firmware]), 'bench-firmware.bin');
    const file = await call('POST', '/system/version/file', form);
    if (file.sha256 !== sha256 || file.size !== firmware.length) throw new Error(`upload answered ${JSON.stringify(file)}`);

    fleet = startFleet({ identities, url: `mqtt://127.0.0.1:${mqttPort}`, rate: 0.1, version: FROM_VERSION, connectSpreadMs: 2, ota: { rebootMs: REBOOT_MS } });
    await fleet.connected(120_000);
    // the platform has read every box's version from its announcement
    for (const until = Date.now() + 60_000; ; await sleep(200)) {
      const { rows: [n] } = await db.query(`select count(*)::int n from device where gateway_id like 'BCN%' and firmware_version = $1`, [FROM_VERSION]);
      if (n.n === BOXES) break;
      if (Date.now() > until) throw new Error(`${n.n}/${BOXES} boxes known on ${FROM_VERSION}`);
    }

    const results = [];
    for (const [k, conc] of CONC.entries()) {
      const release = await call('POST', '/system/version', { version: `9.${k + 1}.0`, goods_ids: [goods.id], file_id: file.file_id, file_name: 'bench-firmware.bin', changelog: '' });
      await call('POST', `/system/version/${release.id}/publish`);
      const before = { ...fleet.stats };
      const stop = sample([server.pid]);
      const boxes = sample([process.pid]);
      const began = performance.now();
      const rollout = await call('POST', '/system/rollout', {
        version_id: release.id,
        target: { type: 'devices', ids: deviceIds },
        batch_size: BOXES,
        concurrency: conc,
        pause_seconds: 0,
        stop_failure_percent: 100,
        // a box the platform does not see online is skipped after a minute instead of holding the run for 30
        offline_deadline_minutes: 1,
      });
      let state;
      for (;;) {
        await sleep(250);
        // the list's first row (newest first) carries the state and counts, without the 2,000 items of the detail
        state = (await call('GET', `/system/rollout?limit=1`))[0];
        if (state.id !== rollout.id) throw new Error(`newest rollout is ${state.id}, not ${rollout.id}`);
        if (!['running', 'paused'].includes(state.state)) break;
        if (performance.now() - began > TIMEOUT_S * 1000) throw new Error(`rollout ${rollout.id} not finished after ${TIMEOUT_S} s: ${JSON.stringify(state.counts)}`);
      }
      const ms = performance.now() - began;
      const usage = stop();
      // boxes connected (the fleet says) that the platform lists offline: presence lost across a reboot
      const { rows: [listed] } = await db.query(`select count(*) filter (where online)::int n from device where gateway_id like 'BCN%'`);
      results.push({ conc, ms, ...usage, boxesCpu: boxes().cpuMean, ...fleetDelta(fleet, before), state: state.state, counts: state.counts, listedOnline: listed.n, connected: fleet.stats.connected });
      console.error(`ours, concurrency ${conc}: ${(ms / 1000).toFixed(1)} s, ${JSON.stringify(state.counts)}`);
    }
    return results;
  } finally {
    await fleet?.stop();
    await db.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
  }
}

async function runBare() {
  const brokerPort = await freePort();
  const filePort = await freePort();
  const spawnReady = (args) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve) => child.stdout.once('data', () => resolve(child)));
  };
  const broker = await spawnReady([path.join(root, 'bench/bare-broker.mjs'), String(brokerPort)]);
  const files = await spawnReady([path.join(root, 'bench/bare-file-server.mjs'), String(filePort), firmwareFile]);
  const url = `mqtt://127.0.0.1:${brokerPort}`;
  const fleet = startFleet({ identities, url, rate: 0.1, version: FROM_VERSION, connectSpreadMs: 2, ota: { rebootMs: REBOOT_MS } });
  const platform = await mqtt.connectAsync(url, { clientId: 'platform', username: 'platform' });
  try {
    await fleet.connected(120_000);
    await platform.subscribeAsync('ota/+/v1', { qos: 1 });
    const results = [];
    for (const [k, conc] of CONC.entries()) {
      const version = `9.${k + 1}.0`;
      const before = { ...fleet.stats };
      const stop = sample([broker.pid, files.pid]);
      const boxes = sample([process.pid]);
      const began = performance.now();
      // the dispatcher: `conc` boxes busy at a time, the next one sent as one reports done or failed
      await new Promise((resolve) => {
        let next = 0;
        let finished = 0;
        const send = () => {
          const gw = identities[next++].gateway_id;
          const data = { rollout_id: k + 1, version, url: `http://127.0.0.1:${filePort}/firmware/${gw}`, sha256, size: firmware.length };
          platform.publish(`control/${gw}/v1`, JSON.stringify({ cmd_id: `${k}-${gw}`, method: 'POST', url: '/system/upgrade', data }), { qos: 1 });
        };
        const onOta = (_topic, payload) => {
          const ota = JSON.parse(payload.toString());
          if (ota.rollout_id !== k + 1 || (ota.state !== 'done' && ota.state !== 'failed')) return;
          finished++;
          if (finished === BOXES) {
            platform.off('message', onOta);
            resolve();
          } else if (next < BOXES) send();
        };
        platform.on('message', onOta);
        while (next < Math.min(conc, BOXES)) send();
      });
      const ms = performance.now() - began;
      results.push({ conc, ms, ...stop(), boxesCpu: boxes().cpuMean, ...fleetDelta(fleet, before) });
      console.error(`bare, concurrency ${conc}: ${(ms / 1000).toFixed(1)} s`);
    }
    return results;
  } finally {
    await fleet.stop();
    await platform.endAsync();
    broker.kill('SIGTERM');
    files.kill('SIGTERM');
  }
}

try {
  const ours = ONLY === 'bare' ? [] : await runOurs();
  const bare = ONLY === 'ours' ? [] : await runBare();
  const mb = firmware.length / 1024 / 1024;
  const f = (r) =>
    r
      ? `${(r.ms / 1000).toFixed(1).padStart(6)} s ${((r.bytes / 1024 / 1024) / (r.ms / 1000)).toFixed(0).padStart(5)} MB/s  RSS ${r.rss.toFixed(0).padStart(4)} MiB  CPU ${(r.cpuMean * 100).toFixed(0).padStart(3)} % (peak ${(r.cpuPeak * 100).toFixed(0).padStart(3)} %)  boxes' CPU ${(r.boxesCpu * 100).toFixed(0).padStart(3)} %  ${r.done} done ${r.failed} failed`
      : '—';
  console.log(`rollout of a ${mb.toFixed(1)} MB file to ${BOXES} simulated boxes (reboot ${REBOOT_MS} ms), one batch; bare = bare Aedes + node:http static file server (RSS and CPU of both)`);
  for (const conc of CONC) {
    const o = ours.find((r) => r.conc === conc);
    const b = bare.find((r) => r.conc === conc);
    const detail = (r) =>
      `  [${r.state}: ${Object.entries(r.counts).filter(([, n]) => n).map(([s, n]) => `${s} ${n}`).join(', ')}; listed online ${r.listedOnline} of ${r.connected} connected]`;
    console.log(`concurrency ${String(conc).padStart(4)}  ours ${f(o)}${o ? detail(o) : ''}`);
    console.log(`                  bare ${f(b)}`);
    if (o && b) console.log(`                  ours/bare: time ${(o.ms / b.ms).toFixed(2)}, bytes per second ${(o.bytes / o.ms / (b.bytes / b.ms)).toFixed(2)}`);
  }
  console.log(`note: the boxes (hashing every byte) run in this process (boxes' CPU; 100 % = one core, ${os.cpus().length} here) beside the servers; a box's update includes its ${REBOOT_MS} ms reboot`);
} finally {
  rmSync(firmwareFile, { force: true });
}
