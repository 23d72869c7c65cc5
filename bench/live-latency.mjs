// Live-push latency: while BOXES boxes publish RATE QoS 1 messages a second (3 FANUC machine tools
// each) into the built server's embedded broker, one probe box flips its machine tools between running and idle
// PROBE times a second; a WebSocket client on /custom/api/v1/live (the browser's channel, logged in as admin)
// times each `machine_state` event from the probe's publish (its ts) to arrival. Side by side in one run: the same
// load through a bare Aedes, timed from the probe's publish to an MQTT subscriber receiving it (what the broker
// alone costs). Prints p50 / p95 / p99 / max of both. `npm run build` first.
//   node bench/live-latency.mjs [--boxes 100] [--rate 1000] [--probe 10] [--seconds 15]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { connectBox, fanucMessage, gatewayOf, seedBoxes } from './boxes.mjs';
import { arg, loginToken } from './measure.mjs';

const BOXES = arg('boxes', 100);
const RATE = arg('rate', 1000);
const PROBE = arg('probe', 10);
const SECONDS = arg('seconds', 15);
const WARMUP_MS = 3000;
const PASSWORD = 'bench-pass-1';
const root = fileURLToPath(new URL('..', import.meta.url));
const PROBE_BOX = BOXES + 1;

/**
 * The load (RATE messages a second spread over the boxes, steady running state, acknowledgements not awaited)
 * and the probe (PROBE state flips a second, each stamped with its time) for WARMUP_MS + SECONDS.
 */
async function drive(port) {
  const links = [];
  for (let i = 1; i <= PROBE_BOX; i++) links.push(await connectBox(i, port, { will: false }));
  const probe = links.pop();
  const began = Date.now();
  const end = began + WARMUP_MS + SECONDS * 1000;
  let sent = 0;
  let acked = 0;
  let flips = 0;
  await new Promise((resolve) => {
    const load = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - began) / 1000) * RATE);
      for (; sent < due; sent++) {
        const b = sent % BOXES;
        void links[b].publish(`data/${gatewayOf(b + 1)}/v1`, fanucMessage(sent, 3, 12, { runstatus: 3 })).then(() => acked++);
      }
      if (now >= end) {
        clearInterval(load);
        clearInterval(flip);
        resolve();
      }
    }, 5);
    const flip = setInterval(() => {
      const ts = Date.now();
      void probe.publish(`data/${gatewayOf(PROBE_BOX)}/v1`, fanucMessage(flips, 3, 12, { ts, runstatus: flips++ % 2 ? 0 : 3 }));
    }, 1000 / PROBE);
  });
  await new Promise((r) => setTimeout(r, 500));
  for (const link of [...links, probe]) link.close();
  return { sent, acked, seconds: (Date.now() - began) / 1000 };
}

const measuring = (ts) => ts >= startedAt + WARMUP_MS;
let startedAt = 0;

async function runBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-broker.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const sub = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'bench-sub', reconnectPeriod: 0 });
  const latencies = [];
  sub.on('message', (_topic, payload) => {
    const ts = JSON.parse(payload.toString())[0].ts;
    if (measuring(ts)) latencies.push(Date.now() - ts);
  });
  await sub.subscribeAsync(`data/${gatewayOf(PROBE_BOX)}/v1`, { qos: 1 });
  startedAt = Date.now();
  const run = await drive(port);
  await sub.endAsync();
  child.kill('SIGTERM');
  return { ...run, latencies };
}

async function runOurs() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-live-'));
  const mqttPort = await freePort();
  const env = { MQTT_PORT: String(mqttPort), LOG_LEVEL: 'error', LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD };
  try {
    const first = await startBuiltServer({ dataDir, env });
    await first.stop({ keepData: true });
    await seedBoxes(dataDir, PROBE_BOX, 3);
    const server = await startBuiltServer({ dataDir, env });
    const token = await loginToken(server.url, 'admin', PASSWORD);
    const tab = new WebSocket(`${server.url.replace('http', 'ws')}/custom/api/v1/live`);
    await new Promise((resolve, reject) => (tab.once('open', resolve), tab.once('error', reject)));
    tab.send(JSON.stringify({ token }));
    const latencies = [];
    const probeGateway = gatewayOf(PROBE_BOX);
    let probeDevice = null;
    const seen = new Set();
    tab.on('message', (data) => {
      const now = Date.now();
      const parsed = JSON.parse(data.toString());
      for (const e of Array.isArray(parsed) ? parsed : [parsed]) {
        if (e.type === 'presence' && e.gateway_id === probeGateway) probeDevice = e.device_id;
        if (e.type !== 'machine_state' || e.device_id !== probeDevice) continue;
        const ts = Date.parse(e.at);
        // one sample a probe message (its three machine tools flip together, each an event with the same time)
        if (measuring(ts) && !seen.has(e.at)) latencies.push(now - ts);
        seen.add(e.at);
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    startedAt = Date.now();
    const run = await drive(mqttPort);
    tab.close();
    await server.stop();
    return { ...run, latencies, probeSeen: probeDevice !== null };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};
const line = (name, r) =>
  `${name}: ${r.latencies.length} samples, p50 ${q(r.latencies, 0.5)} ms, p95 ${q(r.latencies, 0.95)} ms, p99 ${q(r.latencies, 0.99)} ms, max ${Math.max(...r.latencies)} ms; load ${Math.round(r.sent / r.seconds)} msg/s sent, ${Math.round(r.acked / r.seconds)} acknowledged`;

const bare = await runBare();
const ours = await runOurs();
if (!ours.probeSeen) console.log('warning: the probe box’s presence event never arrived');
console.log(`boxes: ${BOXES} publishing ${RATE} msg/s (3 machine tools × 12 values), probe ${PROBE} state flips/s, ${SECONDS} s measured after ${WARMUP_MS / 1000} s warm-up`);
console.log(line('bare Aedes, publish → MQTT subscriber     ', bare));
console.log(line('ours, publish → live channel machine_state', ours));
console.log(`p50 ours/bare ${(q(ours.latencies, 0.5) / Math.max(1, q(bare.latencies, 0.5))).toFixed(1)} (goal: a state change on screen well within a second)`);
