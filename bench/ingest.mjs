// Ingest benchmark: BOXES boxes publish QoS 1 telemetry (MACHINES machine tools × 12 values per
// message, each box keeping WINDOW messages unacknowledged) for SECONDS into the built server's embedded broker,
// side by side in one run with a bare Aedes whose only subscriber drops them. Prints messages/s and data
// points/s acknowledged, ours/bare (goal ≥ 0.7; ≥ 20,000 messages/s), the acknowledged messages the
// database does not hold (goal 0, counted in telemetry after the server stops), and the CPU time a message costs
// in the publishers (this process), the broker's process and PostgreSQL's processes (Linux /proc). `npm run build` first.
// With `--pg postgres://…/` the server stores into a fresh database of that PostgreSQL server (its own process,
// on the other core) instead of its embedded PGlite (which runs in the server's own thread).
// PROF=<dir> writes the server's CPU profile there; NODE_ARGS=<flags> are given to the server's node.
//   node bench/ingest.mjs [--boxes 100] [--seconds 10] [--window 10] [--pg postgres://postgres@127.0.0.1:5432/]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { benchDatabase, freshDatabase, publishFor, rssMiB, seedBoxes } from './boxes.mjs';
import { arg, cpuSeconds, cpuSecondsOf } from './measure.mjs';

const BOXES = arg('boxes', 100);
const SECONDS = arg('seconds', 10);
const WINDOW = arg('window', 10);
const MACHINES = 3;
const VALUES = 12;
const root = fileURLToPath(new URL('..', import.meta.url));

/** CPU seconds so far of this process (the publishers), the broker's process and PostgreSQL's processes. */
const cpuNow = (brokerPid) => {
  // PostgreSQL's backends are not our children: every process named postgres, read around the window
  const own = process.cpuUsage();
  return { publishers: (own.user + own.system) / 1e6, broker: cpuSeconds(brokerPid), postgres: PG_URL ? cpuSecondsOf('postgres') : 0 };
};

/**
 * Every box publishing with WINDOW messages in flight for SECONDS; the acknowledged count, and the CPU seconds
 * the publishers, the broker process (`brokerPid`) and PostgreSQL spent meanwhile.
 */
async function publishAll(port, brokerPid) {
  let cpu0;
  const run = await publishFor({ port, boxes: BOXES, seconds: SECONDS, window: WINDOW, machines: MACHINES, values: VALUES, started: () => (cpu0 = cpuNow(brokerPid)) });
  const cpu1 = cpuNow(brokerPid);
  const cpu = Object.fromEntries(Object.keys(cpu0).map((k) => [k, cpu1[k] - cpu0[k]]));
  return { ...run, cpu };
}

async function runBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-broker.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const run = await publishAll(port, child.pid);
  child.kill('SIGTERM');
  return run;
}

const pgFlag = process.argv.indexOf('--pg');
const PG_URL = pgFlag > 0 ? process.argv[pgFlag + 1] : '';

/** A fresh PostgreSQL database for this run (dropped after), or null for PGlite. */
async function freshPg() {
  if (!PG_URL) return null;
  return freshDatabase(PG_URL, 'ingest');
}

async function runOurs() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-ingest-'));
  const mqttPort = await freePort();
  const database = await freshPg();
  const env = { MQTT_PORT: String(mqttPort), LOG_LEVEL: 'error', ...(database ? { DATABASE_URL: database.url } : {}) };
  const target = database ? { url: database.url } : { dataDir };
  try {
    const first = await startBuiltServer({ dataDir, env });
    await first.stop({ keepData: true });
    await seedBoxes(target, BOXES, MACHINES);
    const nodeArgs = [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []), ...(process.env.NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
    const server = await startBuiltServer({ dataDir, env, nodeArgs });
    const run = await publishAll(mqttPort, server.pid);
    const rss = rssMiB(server.pid);
    await server.stop({ keepData: true });
    const db = await benchDatabase(target);
    const { rows } = await db.query('select count(*)::int as n from telemetry');
    await db.close();
    return { ...run, rss, stored: rows[0].n };
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bare = await runBare();
const ours = await runOurs();
const rate = (r) => r.acked / r.seconds;
const f = (n) => Math.round(n).toLocaleString('en');
console.log(`database: ${PG_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; boxes: ${BOXES}, ${MACHINES} machine tools × ${VALUES} values a message, ${WINDOW} in flight a box, ${SECONDS} s`);
console.log(`messages/s acknowledged: ours ${f(rate(ours))}, bare ${f(rate(bare))}, ours/bare ${(rate(ours) / rate(bare)).toFixed(2)} (goals ≥ 0.7 and ≥ 20,000/s)`);
console.log(`data points/s:           ours ${f((rate(ours) * MACHINES * VALUES))}, bare ${f(rate(bare) * MACHINES * VALUES)}`);
console.log(`stored: ${f(ours.stored)} telemetry rows for ${f(ours.acked)} acknowledged messages × ${MACHINES} = ${f(ours.acked * MACHINES)}; lost ${f(ours.acked * MACHINES - ours.stored)} (goal 0)`);
// where a message's CPU goes: two cores give 100 µs a message at 20,000 messages/s, for all three together
const perMessage = (r) => {
  const us = (k) => (1e6 * r.cpu[k]) / r.acked;
  const total = us('publishers') + us('broker') + us('postgres');
  const database = r === bare ? 'no database' : PG_URL ? `PostgreSQL ${f(us('postgres'))}` : 'PGlite inside the broker';
  return `publishers ${f(us('publishers'))}, broker ${f(us('broker'))}, ${database}: ${f(total)} µs (${(total / 1e6 * rate(r)).toFixed(2)} cores busy)`;
};
console.log(`CPU a message (µs):      ours ${perMessage(ours)}; bare ${perMessage(bare)}`);
console.log(`                         (20,000 messages/s on 2 cores leave 100 µs a message for publishers, broker and database together)`);
console.log(`server RSS after the run: ${ours.rss.toFixed(0)} MiB`);
