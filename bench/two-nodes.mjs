// Two API nodes against one: BOXES boxes each publish PER_BOX QoS 1 telemetry messages (MACHINES
// machine tools × 12 values, WINDOW in flight a box) into one Mosquitto as fast as it takes them, and the nodes
// — one, then two, on a fresh database of the same PostgreSQL each time, sharing the broker's `data` through
// `$share/<group>/…` — store them. The broker acknowledges a box at once, so the rate is the servers': messages
// stored per second from the first publish until every reading is in `telemetry`. Prints messages/s for one
// node and for two, each node's share, and two/one. The broker, PostgreSQL, the nodes and the publishers (this
// process) all share this machine's cores: the ratio says what a second node adds here, not on separate hosts.
// `npm run build` first.
// --inflight N sets Mosquitto's max_inflight_messages (QoS 1 messages sent to a node and not yet acknowledged;
// Mosquitto's default is 20): a node acknowledges a message once its batch is stored, so this bounds its batches.
//   node bench/two-nodes.mjs [--boxes 100] [--per-box 100] [--window 10] [--inflight 20]
import pg from 'pg';
import { startPostgres, startPrivateMosquitto } from '../scripts/private-services.mjs';
import { metric, startCluster, waitForShares } from '../reliability/cluster.mjs';
import { freshDatabase, publishFor, seedBoxes } from './boxes.mjs';
import { arg } from './measure.mjs';

const BOXES = arg('boxes', 100);
const PER_BOX = arg('per-box', 100);
const INFLIGHT = arg('inflight', 0);
const WINDOW = arg('window', 10);
const MACHINES = 3;
const VALUES = 12;
const TOTAL = BOXES * PER_BOX;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One run with `nodes` nodes: messages/s stored, the seconds the publishers took, and each node's share. */
async function run(nodes, services) {
  const database = await freshDatabase(services.pg.url, `two${nodes}`);
  // the nodes' broker sessions end a second after they stop: the next run's group does not keep them
  const env = { DATABASE_URL: database.url, MQTT_SESSION_EXPIRY: '1', MQTT_SHARE_GROUP: `bench${nodes}` };
  const cluster = await startCluster({ nodes, env, ...services });
  const db = new pg.Client({ connectionString: database.url });
  try {
    await db.connect();
    await seedBoxes({ url: database.url }, BOXES, MACHINES);
    await waitForShares(cluster);
    const taken = () => Promise.all(cluster.nodes.map((n) => metric(n, 'ingest_messages_total')));
    const batches = async () => (await Promise.all(cluster.nodes.map((n) => metric(n, 'ingest_batch_seconds_count')))).reduce((a, b) => a + b, 0);
    const before = await taken();
    const batches0 = await batches();
    const began = performance.now();
    const published = await publishFor({ port: services.mosquitto.port, boxes: BOXES, perBox: PER_BOX, window: WINDOW, machines: MACHINES, values: VALUES });
    if (published.acked !== TOTAL) throw new Error(`the broker acknowledged ${published.acked} of ${TOTAL}`);
    for (const until = Date.now() + 600_000; ; await sleep(100)) {
      const { rows } = await db.query('select count(*)::int n from telemetry');
      if (rows[0].n >= TOTAL * MACHINES) break;
      if (Date.now() > until) throw new Error(`${rows[0].n} of ${TOTAL * MACHINES} readings stored after 10 minutes`);
    }
    const seconds = (performance.now() - began) / 1000;
    const shares = (await taken()).map((n, i) => n - before[i]);
    return { rate: TOTAL / seconds, seconds, publishSeconds: published.seconds, shares, perBatch: TOTAL / ((await batches()) - batches0) };
  } finally {
    await db.end().catch(() => undefined);
    await cluster.stop();
    await sleep(1500);
    await database.drop();
  }
}

const services = { pg: await startPostgres(), mosquitto: await startPrivateMosquitto({ extra: INFLIGHT ? [`max_inflight_messages ${INFLIGHT}`] : [] }) };
try {
  const one = await run(1, services);
  const two = await run(2, services);
  const f = (n) => Math.round(n).toLocaleString('en');
  const line = (label, r) =>
    `${label}: ${f(r.rate)} messages/s stored (${f(r.rate * MACHINES * VALUES)} values/s; ${r.seconds.toFixed(1)} s, the broker took them in ${r.publishSeconds.toFixed(1)} s); per node ${r.shares.map(f).join(' / ')}; ${r.perBatch.toFixed(0)} messages a stored batch`;
  console.log(`${BOXES} boxes × ${PER_BOX} QoS 1 messages (${MACHINES} machine tools × ${VALUES} values), ${WINDOW} in flight a box, one Mosquitto (max_inflight_messages ${INFLIGHT || '20, its default'}), one PostgreSQL`);
  console.log(line('one node ', one));
  console.log(line('two nodes', two));
  console.log(`two / one: ${(two.rate / one.rate).toFixed(2)}`);
} finally {
  await services.mosquitto.stop();
  await services.pg.stop();
}
