// Ingest benchmark (issue 11): BOXES boxes publish QoS 1 telemetry (MACHINES machine tools × 12 values per
// message, each box keeping WINDOW messages unacknowledged) for SECONDS into the built server's embedded broker,
// side by side in one run with a bare Aedes whose only subscriber drops them. Prints messages/s and data
// points/s acknowledged, ours/bare (goal ≥ 0.7; ≥ 20,000 messages/s), and the acknowledged messages the
// database does not hold (goal 0, counted in telemetry after the server stops). `npm run build` first.
// With `--pg postgres://…/` the server stores into a fresh database of that PostgreSQL server (its own process,
// on the other core) instead of its embedded PGlite (which runs in the server's own thread).
//   node bench/ingest.mjs [--boxes 100] [--seconds 10] [--window 10] [--pg postgres://postgres@127.0.0.1:5432/]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { benchDatabase, connectBox, freshDatabase, fanucMessage, gatewayOf, rssMiB, seedBoxes } from './boxes.mjs';
import { arg } from './measure.mjs';

const BOXES = arg('boxes', 100);
const SECONDS = arg('seconds', 10);
const WINDOW = arg('window', 10);
const MACHINES = 3;
const VALUES = 12;
const root = fileURLToPath(new URL('..', import.meta.url));

/** Every box publishing with WINDOW messages in flight for SECONDS; the acknowledged count. */
async function publishAll(port) {
  const links = [];
  for (let i = 1; i <= BOXES; i++) links.push(await connectBox(i, port, { will: false }));
  let acked = 0;
  let stop = false;
  const began = performance.now();
  const timer = setTimeout(() => (stop = true), SECONDS * 1000);
  await Promise.all(
    links.map(async (link, b) => {
      const topic = `data/${gatewayOf(b + 1)}/v1`;
      let n = 0;
      await Promise.all(
        Array.from({ length: WINDOW }, async () => {
          while (!stop) {
            await link.publish(topic, fanucMessage(n++, MACHINES, VALUES));
            acked++;
          }
        }),
      );
    }),
  );
  clearTimeout(timer);
  const seconds = (performance.now() - began) / 1000;
  for (const link of links) link.close();
  return { acked, seconds };
}

async function runBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-broker.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const run = await publishAll(port);
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
    const server = await startBuiltServer({ dataDir, env, nodeArgs: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [] });
    const run = await publishAll(mqttPort);
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
console.log(`server RSS after the run: ${ours.rss.toFixed(0)} MiB`);
