// Ingest benchmark (issue 11): BOXES boxes publish QoS 1 telemetry (MACHINES machine tools × 12 values per
// message, each box keeping WINDOW messages unacknowledged) for SECONDS into the built server's embedded broker,
// side by side in one run with a bare Aedes whose only subscriber drops them. Prints messages/s and data
// points/s acknowledged, ours/bare (goal ≥ 0.7; ≥ 20,000 messages/s), and the acknowledged messages the
// database does not hold (goal 0, counted in telemetry after the server stops). `npm run build` first.
//   node bench/ingest.mjs [--boxes 100] [--seconds 10] [--window 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';
import { connectBox, fanucMessage, gatewayOf, rssMiB, seedBoxes } from './boxes.mjs';
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

async function runOurs() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-ingest-'));
  const mqttPort = await freePort();
  const env = { MQTT_PORT: String(mqttPort), LOG_LEVEL: 'error' };
  try {
    const first = await startBuiltServer({ dataDir, env });
    await first.stop({ keepData: true });
    await seedBoxes(dataDir, BOXES, MACHINES);
    const server = await startBuiltServer({ dataDir, env });
    const run = await publishAll(mqttPort);
    const rss = rssMiB(server.pid);
    await server.stop({ keepData: true });
    const db = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    const { rows } = await db.query('select count(*)::int as n from telemetry');
    await db.close();
    return { ...run, rss, stored: rows[0].n };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bare = await runBare();
const ours = await runOurs();
const rate = (r) => r.acked / r.seconds;
const f = (n) => Math.round(n).toLocaleString('en');
console.log(`boxes: ${BOXES}, ${MACHINES} machine tools × ${VALUES} values a message, ${WINDOW} in flight a box, ${SECONDS} s`);
console.log(`messages/s acknowledged: ours ${f(rate(ours))}, bare ${f(rate(bare))}, ours/bare ${(rate(ours) / rate(bare)).toFixed(2)} (goals ≥ 0.7 and ≥ 20,000/s)`);
console.log(`data points/s:           ours ${f((rate(ours) * MACHINES * VALUES))}, bare ${f(rate(bare) * MACHINES * VALUES)}`);
console.log(`stored: ${f(ours.stored)} telemetry rows for ${f(ours.acked)} acknowledged messages × ${MACHINES} = ${f(ours.acked * MACHINES)}; lost ${f(ours.acked * MACHINES - ours.stored)} (goal 0)`);
console.log(`server RSS after the run: ${ours.rss.toFixed(0)} MiB`);
