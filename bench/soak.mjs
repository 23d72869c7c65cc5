// Soak: BOXES simulated boxes each publish RATE QoS 1 telemetry messages a second (3 FANUC machine
// tools × 12 values, as the ingest bench sends; spread evenly over the second) into the built server's embedded
// broker for MINUTES, while two consoles stay open on live pages (bench/soak-consoles.mjs) and a probe asks the
// console's usual GETs PROBE times a second. The server runs on its defaults (PGlite, embedded Aedes) with
// LOG_LEVEL=warn. Samples the server's heap and RSS (its /custom/api/metrics and /proc) every 10 s (shorter runs:
// 30 samples a run) and prints one table: heap and RSS first/last and their least-squares slope after a warm-up,
// the probe's p50/p99 over the first and the last five minutes (short runs: 20 % of the run each), messages
// acknowledged against telemetry rows stored (counted after the server stops), the server's error-level log lines
// and the consoles' problems. `npm run build` first.
//   node bench/soak.mjs [--minutes 30] [--boxes 1000] [--rate 1] [--probe 5] [--consoles browser|channel] [--check]
// --check exits 1 when a goal is missed (CI runs: node bench/soak.mjs --minutes 2 --check).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { benchDatabase, connectBox, fanucMessage, gatewayOf, rssMiB, seedBoxes } from './boxes.mjs';
import { arg, cpuSeconds, loginToken } from './measure.mjs';
import { openBrowserConsoles, openChannelConsoles } from './soak-consoles.mjs';

const MINUTES = arg('minutes', 30);
const BOXES = arg('boxes', 1000);
const RATE = arg('rate', 1);
const PROBE = arg('probe', 5);
const CHECK = process.argv.includes('--check');
/** --samples <file>: every memory sample and probe answer as JSON, to look at a run's curves. */
const SAMPLES_FILE = process.argv.includes('--samples') ? process.argv[process.argv.indexOf('--samples') + 1] : '';
const CONSOLES = process.argv[process.argv.indexOf('--consoles') + 1] === 'channel' ? 'channel' : 'browser';
const MACHINES = 3;
const PASSWORD = 'Soak-admin-pass-1';
const API = '/custom/api/v1';

const RUN_MS = MINUTES * 60_000;
/** The windows whose API latency is compared: five minutes each, or a fifth of a run shorter than 25 minutes. */
const WINDOW_MS = MINUTES >= 25 ? 5 * 60_000 : RUN_MS / 5;
/** Before this, memory still climbs for good reasons (JIT, caches, PGlite's buffers filling): left out of the slope. */
const WARMUP_MS = Math.min(5 * 60_000, RUN_MS / 4);
const SAMPLE_MS = Math.min(10_000, RUN_MS / 30);

/*
 * Goals of --check. A leak worth the name costs per message or per request: 100 bytes kept of each of 1,000
 * messages a second is 343 MiB an hour. The heap used is a sawtooth (the old generation fills for a minute or more,
 * then a full collection drops it by some tens of MiB, up to ~100); over the ≥ 20 minutes a long run fits after its
 * warm-up that tilts the fitted line by a few tens of MiB an hour at most, so 150 MiB/h passes a flat heap and
 * catches ~50 bytes kept a message. Over the 90 s a 2-minute run fits, one tooth of the saw alone is ±2,000–4,000
 * MiB/h (measured: +2,200 on a flat heap): only a gross leak is told from noise there, and the bound is 6,000 MiB/h
 * (~1.7 KB kept of every message at 1,000 messages/s, e.g. each payload held). RSS is held to twice the heap's
 * bound: PGlite's WebAssembly memory and malloc's arenas grow in steps and never give back.
 */
const LONG = RUN_MS - WARMUP_MS >= 20 * 60_000;
const HEAP_BOUND = LONG ? 150 : 6000;
const RSS_BOUND = 2 * HEAP_BOUND;
/**
 * p99 of the last window may be at most twice the first's; below P99_FLOOR ms either way it passes, since on a
 * shared 2-core machine a few slow answers among the short run's ~100 probes move a p99 of tens of ms by 2×.
 */
const P99_RATIO = 2;
const P99_FLOOR = LONG ? 50 : 150;

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN;
};

/** Least-squares slope of (t ms, v) in v per hour. */
function slopePerHour(points) {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const mv = points.reduce((s, p) => s + p.v, 0) / n;
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.v - mv), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return (num / den) * 3_600_000;
}

/** A metric without labels from Prometheus text. */
const metric = (text, name) => Number(text.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1] ?? Number.NaN);

/** Every box connected, a few dozen handshakes at a time; `onDrop` hears a box's connection close. */
async function connectAll(port, onDrop) {
  const links = [];
  for (let first = 1; first <= BOXES; first += 50) {
    const batch = Array.from({ length: Math.min(50, BOXES - first + 1) }, (_, k) => connectBox(first + k, port, { onClose: () => onDrop(first + k) }));
    links.push(...(await Promise.all(batch)));
  }
  return links;
}

/**
 * The load: RATE messages a second from every box, spread over the second (box b's turn comes every BOXES-th
 * message), acknowledgements counted as they come. Each box's machine tools run and idle in a 50-message cycle of
 * their own phase, so state changes (and the consoles' live events) come steadily rather than all at once.
 */
function publish(links) {
  const began = performance.now();
  const counts = { sent: 0, acked: 0 };
  const topics = links.map((_, b) => `data/${gatewayOf(b + 1)}/v1`);
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - began) / 1000) * BOXES * RATE);
    for (; counts.sent < due; counts.sent++) {
      const b = counts.sent % BOXES;
      const n = Math.floor(counts.sent / BOXES) + b;
      void links[b].publish(topics[b], fanucMessage(n, MACHINES)).then(() => counts.acked++);
    }
  }, 10);
  return { counts, stop: () => clearInterval(timer) };
}

/** PROBE GETs a second, round the console's usual reads, sent on schedule (a slow answer does not delay the next). */
function probe(url, token, deviceId, t0) {
  const paths = ['/device/device?page=1&limit=20', '/device/machine/states', '/device/device/stats', `/device/device/${deviceId}`];
  const samples = [];
  const inflight = new Set();
  let i = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    const request = fetch(`${url}${API}${paths[i++ % paths.length]}`, { headers: { token }, signal: AbortSignal.timeout(30_000) })
      .then(async (res) => {
        const body = await res.json();
        samples.push({ t: at - t0, ms: performance.now() - at, ok: res.status === 200 && body.code === 200 });
      })
      .catch(() => samples.push({ t: at - t0, ms: performance.now() - at, ok: false }))
      .finally(() => inflight.delete(request));
    inflight.add(request);
  }, 1000 / PROBE);
  return { samples, stop: async () => (clearInterval(timer), await Promise.all(inflight)) };
}

/**
 * Error-level (≥ 50) and warning lines of the server's pino output, and lines that are not pino's at all after
 * `from` (the characters of its startup banner, which is plain text).
 */
function logLines(output, from) {
  const found = { errors: [], warnings: [], other: [] };
  let index = 0;
  for (const line of output.split('\n')) {
    const start = index;
    index += line.length + 1;
    if (!line.trim()) continue;
    let level;
    try {
      level = JSON.parse(line).level;
    } catch {
      if (start >= from) found.other.push(line);
      continue;
    }
    if (level >= 50) found.errors.push(line);
    else if (level >= 40) found.warnings.push(line);
  }
  return found;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-soak-'));
const mqttPort = await freePort();
const env = { MQTT_PORT: String(mqttPort), LOG_LEVEL: 'warn', LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD };
const began = Date.now();
/** The machine's load when the run starts and ends: a starved server is told apart from a slow one. */
const load0 = loadavg()[0];
let server;
let consoles;
let links = [];
try {
  // a machine busy with other work can hold a start (a fresh database's migrations most of all) past the default minute
  const first = await startBuiltServer({ dataDir, env, healthyWithinMs: 180_000 });
  await first.stop({ keepData: true });
  await seedBoxes(dataDir, BOXES, MACHINES);
  server = await startBuiltServer({ dataDir, env, healthyWithinMs: 180_000 });
  const token = await loginToken(server.url, 'admin', PASSWORD);
  const get = async (p) => (await fetch(`${server.url}${API}${p}`, { headers: { token } }).then((r) => r.json())).data;
  const [box] = await get(`/device/device?keywords=${gatewayOf(1)}&limit=1`);
  const [machine] = await get(`/device/machine?device_id=${box.id}&limit=1`);

  // the banner is out by now (it is printed once the server listens)
  const banner = server.output().length;
  const dropped = [];
  let ending = false;
  links = await connectAll(mqttPort, (i) => ending || dropped.push(i));
  // the consoles open before the load: on a busy machine a page under load can take minutes to come
  consoles =
    CONSOLES === 'browser'
      ? await openBrowserConsoles({ url: server.url, password: PASSWORD, machineId: machine.id })
      : await openChannelConsoles({ url: server.url, token, deviceId: box.id });
  // the run's clock starts with the load: warm-up and windows count from here
  const load = publish(links);
  const t0 = performance.now();
  const probes = probe(server.url, token, box.id, t0);
  const samples = [];
  const sample = async () => {
    const t = performance.now() - t0;
    try {
      const text = await fetch(`${server.url}/custom/api/metrics`, { signal: AbortSignal.timeout(Math.max(SAMPLE_MS, 10_000)) }).then((r) => r.text());
      samples.push({
        t,
        heap: metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
        rss: rssMiB(server.pid),
        cpu: cpuSeconds(server.pid),
        frames: consoles.consoles.map((c) => c.frames),
        tabHeap: await Promise.all(consoles.consoles.map((c) => c.heapMiB())),
        ...load.counts,
      });
    } catch (err) {
      // a server too busy to answer within a sample's time is a finding of its own, not the end of the run
      samples.push({ t, failed: String(err.cause ?? err) });
    }
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_MS);
  const progress = setInterval(() => {
    const s = samples.findLast((x) => !x.failed) ?? {};
    console.error(`${((performance.now() - t0) / 60_000).toFixed(1)} min: sent ${s.sent}, acked ${s.acked}, heap ${s.heap?.toFixed(0)} MiB, RSS ${s.rss?.toFixed(0)} MiB, probes ${probes.samples.length}`);
  }, Math.max(30_000, RUN_MS / 10));
  await new Promise((r) => setTimeout(r, RUN_MS));
  clearInterval(progress);
  clearInterval(sampler);
  await sample();
  load.stop();
  await probes.stop();
  // what was sent gets its acknowledgement (or the run says how many never came)
  for (const until = Date.now() + 20_000; load.counts.acked < load.counts.sent && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
  const frames = consoles.consoles.map((c) => ({ name: c.name, frames: c.frames, problems: [...c.problems] }));
  ending = true;
  await consoles.close();
  for (const link of links) link.close();
  await new Promise((r) => setTimeout(r, 500));
  await server.stop({ keepData: true });
  const db = await benchDatabase({ dataDir });
  const { rows } = await db.query('select count(*)::int as n from telemetry');
  await db.close();
  if (SAMPLES_FILE) writeFileSync(SAMPLES_FILE, JSON.stringify({ samples, probes: probes.samples }));
  report({ samples, probes: probes.samples, counts: load.counts, stored: rows[0].n, frames, dropped, logs: logLines(server.output(), banner), kind: consoles.kind });
} finally {
  await consoles?.close().catch(() => undefined);
  for (const link of links) link.close();
  await server?.stop({ keepData: true });
  rmSync(dataDir, { recursive: true, force: true });
}

function report({ samples, probes, counts, stored, frames, dropped, logs, kind }) {
  const ok = samples.filter((s) => !s.failed);
  // a server that never answered for its metrics still gets its table (of NaNs, which miss every goal)
  if (!ok.length) ok.push({ t: 0, heap: Number.NaN, rss: Number.NaN, cpu: Number.NaN, frames: frames.map(() => 0), tabHeap: frames.map(() => Number.NaN) });
  const end = RUN_MS;
  const after = ok.filter((s) => s.t >= WARMUP_MS);
  const slope = (key) => slopePerHour(after.map((s) => ({ t: s.t, v: s[key] })));
  const heapSlope = slope('heap');
  const rssSlope = slope('rss');
  const firstWin = probes.filter((p) => p.t < WINDOW_MS);
  const lastWin = probes.filter((p) => p.t >= end - WINDOW_MS);
  const lat = (ps) => ps.filter((p) => p.ok).map((p) => p.ms);
  const p99First = q(lat(firstWin), 0.99);
  const p99Last = q(lat(lastWin), 0.99);
  const p99Ratio = p99Last / p99First;
  const failedProbes = probes.filter((p) => !p.ok).length;
  const expected = counts.acked * MACHINES;
  const lost = Math.max(0, expected - stored);
  const doubled = Math.max(0, stored - counts.sent * MACHINES);
  // frames each console received in the last window: it must still be live at the end
  const atWindow = ok.findLast((s) => s.t <= end - WINDOW_MS) ?? ok[0];
  const lastFrames = frames.map((f, k) => f.frames - atWindow.frames[k]);
  const problems = frames.flatMap((f) => f.problems);
  const cpuCores = (ok.at(-1).cpu - ok[0].cpu) / ((ok.at(-1).t - ok[0].t) / 1000);
  const tabSlopes = frames.map((_, k) => slopePerHour(after.map((s) => ({ t: s.t, v: s.tabHeap[k] })).filter((p) => Number.isFinite(p.v))));

  const mib = (v) => `${v.toFixed(1)} MiB`;
  const perHour = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(1)} MiB/h (${v >= 0 ? '+' : ''}${(v / 6).toFixed(2)} MiB/10 min)`;
  const ms = (v) => `${v.toFixed(1)} ms`;
  const win = `${(WINDOW_MS / 60_000).toFixed(1)} min`;
  const goals = [];
  const row = (figure, value, goal = '', pass = true) => {
    goals.push(pass);
    return [figure, value, goal ? `${goal}${pass ? '' : '  ✗ MISSED'}` : ''];
  };
  const rows = [
    row('messages sent / acknowledged', `${counts.sent.toLocaleString('en')} / ${counts.acked.toLocaleString('en')}`, 'all acknowledged', counts.acked === counts.sent),
    row('telemetry rows stored / expected', `${stored.toLocaleString('en')} / ${expected.toLocaleString('en')} (lost ${lost}, doubled ${doubled})`, 'lost 0, doubled 0', lost === 0 && doubled === 0),
    row('box connections dropped', String(dropped.length), '0', dropped.length === 0),
    row('server heap used first → last', `${mib(ok[0].heap)} → ${mib(ok.at(-1).heap)}`),
    row(`heap slope (after ${(WARMUP_MS / 60_000).toFixed(1)} min)`, perHour(heapSlope), `≤ ${HEAP_BOUND} MiB/h`, heapSlope <= HEAP_BOUND),
    row('server RSS first → last', `${mib(ok[0].rss)} → ${mib(ok.at(-1).rss)}`),
    row('RSS slope', perHour(rssSlope), `≤ ${RSS_BOUND} MiB/h`, rssSlope <= RSS_BOUND),
    row(`API p50 / p99, first ${win}`, `${ms(q(lat(firstWin), 0.5))} / ${ms(p99First)} (${firstWin.length} requests)`),
    row(`API p50 / p99, last ${win}`, `${ms(q(lat(lastWin), 0.5))} / ${ms(p99Last)} (${lastWin.length} requests)`),
    row('API p99 last / first', p99Ratio.toFixed(2), `≤ ${P99_RATIO} (or last p99 ≤ ${P99_FLOOR} ms)`, p99Ratio <= P99_RATIO || p99Last <= P99_FLOOR),
    row('memory samples unanswered', `${samples.length - ok.length} of ${samples.length}`, '0', samples.length === ok.length),
    row('API answers not 200', `${failedProbes} of ${probes.length}`, '0', failedProbes === 0),
    row('server error log lines (level ≥ 50)', String(logs.errors.length), '0', logs.errors.length === 0),
    row('server output not pino JSON', String(logs.other.length), '0', logs.other.length === 0),
    row('server warnings (level 40)', String(logs.warnings.length)),
    row('console problems (errors, failed requests, HTTP ≥ 400)', String(problems.length), '0', problems.length === 0),
    ...frames.map((f, k) => row(`${f.name}: live frames, all / last ${win}`, `${f.frames} / ${lastFrames[k]}`, '> 0 in the last window', lastFrames[k] > 0)),
    ...(CONSOLES === 'browser'
      ? frames.map((f, k) => row(`${f.name}: tab JS heap first → last, slope`, `${mib(ok[0].tabHeap[k])} → ${mib(ok.at(-1).tabHeap[k])}, ${perHour(tabSlopes[k])}`))
      : []),
    row('server CPU', `${cpuCores.toFixed(2)} cores on average`),
  ];
  // Chinese characters take two columns of a terminal
  const width = (text) => [...text].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
  const pad = (text, w) => text + ' '.repeat(Math.max(0, w - width(text)));
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => width(r[c]))));
  console.log(
    `\nsoak: ${BOXES} boxes × ${RATE} msg/s (QoS 1, ${MACHINES} machine tools × 12 values) for ${MINUTES} min; consoles: ${kind}; probe ${PROBE} GET/s; ` +
      `${ok.length} samples every ${(SAMPLE_MS / 1000).toFixed(0)} s; whole run ${((Date.now() - began) / 60_000).toFixed(1)} min; ` +
      `load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
  );
  for (const r of rows) console.log(`  ${pad(r[0], widths[0])}  ${pad(r[1], widths[1])}  ${r[2]}`);
  for (const line of [...logs.errors, ...logs.other, ...logs.warnings].slice(0, 10)) console.log(`  server: ${line.slice(0, 400)}`);
  for (const p of problems.slice(0, 10)) console.log(`  ${p.slice(0, 400)}`);
  const missed = goals.filter((p) => !p).length;
  console.log(missed ? `${missed} goal(s) missed` : 'every goal met');
  if (CHECK && missed) process.exitCode = 1;
}
