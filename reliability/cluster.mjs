// Several API nodes on loopback, as a deployment behind a load balancer runs them: one PostgreSQL, one Mosquitto
// (shared subscriptions), one DATA_DIR every node sees, and the built server started once per node. Plain
// JavaScript so that the reliability tests, the soak script and the benchmarks share it (types: cluster.d.mts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startPostgres, startPrivateMosquitto } from '../scripts/private-services.mjs';

export const ADMIN_PASSWORD = 'cluster-pass-1';
const API = '/custom/api/v1';

/**
 * `nodes` built servers started together (they migrate and seed the fresh database in turns) with the same
 * DATABASE_URL, MQTT_URL, JWT_SECRET, MQTT_SHARE_GROUP and DATA_DIR, each with its own MQTT_CLIENT_ID (so the
 * broker keeps its session) and port. `env` adds to or overrides what every node gets; `pg` and `mosquitto`
 * reuse services already started (they are then left running by stop()).
 */
export async function startCluster({ nodes = 2, env = {}, pg, mosquitto } = {}) {
  const ownPg = !pg;
  const ownMosquitto = !mosquitto;
  pg ??= await startPostgres();
  mosquitto ??= await startPrivateMosquitto();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-cluster-'));
  const shared = {
    DATABASE_URL: pg.url,
    MQTT_URL: mosquitto.url,
    JWT_SECRET: 'cluster-jwt-secret-0123456789abcdef',
    MQTT_SHARE_GROUP: 'gw',
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    ...env,
  };
  const nodeEnv = (i) => ({ ...shared, MQTT_CLIENT_ID: `gw-node-${i + 1}` });
  const stopServices = async () => {
    if (ownMosquitto) await mosquitto.stop();
    if (ownPg) await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(Array.from({ length: nodes }, (_, i) => startBuiltServer({ dataDir, env: nodeEnv(i) })));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => s.status === 'fulfilled' && s.value.kill()));
    await stopServices();
    throw failed.reason;
  }
  const cluster = {
    pg,
    mosquitto,
    dataDir,
    nodes: started.map((s) => s.value),
    env: shared,
    /** Starts node `i` again (after a stop or a kill) on its port, with its client id and so its broker session. */
    async restartNode(i) {
      cluster.nodes[i] = await startBuiltServer({ dataDir, port: cluster.nodes[i].port, env: nodeEnv(i) });
      return cluster.nodes[i];
    },
    async stop() {
      await Promise.all(cluster.nodes.map((n) => n.stop()));
      await stopServices();
    },
  };
  return cluster;
}

/**
 * The sum of a Prometheus metric's samples on a node's /custom/api/metrics (asked from loopback), over the
 * samples whose labels include `labels` (e.g. `reason="not_json"`); 0 when it has none yet.
 */
export async function metric(node, name, labels = '') {
  const res = await fetch(`${node.url}/custom/api/metrics`);
  if (!res.ok) throw new Error(`metrics of ${node.url}: HTTP ${res.status}`);
  let sum = 0;
  for (const line of (await res.text()).split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match?.[1] === name && (!labels || (match[2] ?? '').includes(labels))) sum += Number(match[3]);
  }
  return sum;
}

/**
 * Resolves once every node takes its share of the broker's `data` messages (each has subscribed to the shared
 * group; a node's link is not waited for at its start): probes that are not JSON, on a gateway id no box has,
 * until each node counts one as malformed. They store nothing.
 */
export async function waitForShares(cluster, timeoutMs = 30_000) {
  const probe = await mqtt.connectAsync(cluster.mosquitto.url, { clientId: `probe-${process.pid}` });
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const seen = await Promise.all(cluster.nodes.map((n) => metric(n, 'ingest_malformed_total', 'reason="not_json"')));
      if (seen.every((n) => n > 0)) return;
      if (Date.now() > until) throw new Error(`nodes not all subscribed after ${timeoutMs} ms: probes seen ${seen.join(', ')}`);
      await probe.publishAsync('data/PROBE/v1', 'probe', { qos: 1 });
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await probe.endAsync();
  }
}

/** The whole envelope of one API call to `node` (JSON or FormData in), whatever its code. */
export async function envelope(node, token, method, url, body) {
  const init = body instanceof FormData ? { body } : body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const res = await fetch(`${node.url}${API}${url}`, { method, ...init, headers: { ...init.headers, ...(token ? { token } : {}) } });
  return res.json();
}

/** One API call: the envelope's data; throws naming the answer when its code is not 200. */
export async function api(node, token, method, url, body) {
  const answer = await envelope(node, token, method, url, body);
  if (answer.code !== 200) throw new Error(`${method} ${node.url}${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A session token from `node` (the cluster's login captcha is off). */
export async function login(node, username = 'admin', password = ADMIN_PASSWORD) {
  return (await api(node, '', 'POST', '/user/login', { username, password })).token;
}
