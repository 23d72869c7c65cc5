import type { KeyObject } from 'node:crypto';
import { type BoxOptions, type FleetStats, SimulatedBox } from './box.js';
import type { BoxIdentity } from './identity.js';
import type { BoxTunnel } from './vpn/box-network.js';
import { publicKey } from './license.js';
import { type OtaOptions, otaFailures } from './ota.js';

export interface FleetOptions {
  identities: BoxIdentity[];
  /** the broker: mqtt://host:port, mqtts://…, ws://host/custom/mqtt */
  url: string;
  /** data messages per second per box (default 1; 0.2 = one every 5 s) */
  rate?: number;
  /** the platform's licence public key (SPKI PEM); without it every POST /api/license is refused 403 */
  publicKeyPem?: string | null;
  /** the box's own admin password for POST /api/login (default 'admin') */
  boxPassword?: string;
  version?: string;
  trafficIntervalMs?: number;
  /** ms between two boxes' first connects, so a large fleet does not log in all at once (default 10) */
  connectSpreadMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** firmware updates: reboot time, download timeout, and a share of boxes that fail at a chosen step */
  ota?: OtaOptions;
  /**
   * Each box kept a history from this instant (ms) and delivers it at its first connection, before live data
   * (see history.ts): the platform then has a past. Default none.
   */
  backfillFrom?: number | null;
  /** A real tunnel for each box (`--vpn`, see vpn/vpn-lab.ts), by its place in `identities`. */
  tunnels?: (identity: BoxIdentity, index: number) => BoxTunnel;
}

export interface Fleet {
  boxes: SimulatedBox[];
  stats: FleetStats;
  /** The gateway ids chosen to fail their firmware updates (`ota.failRate`), known before any update runs. */
  otaFailing: ReadonlySet<string>;
  /** Resolves once every box is connected; rejects after `timeoutMs` naming how many are. */
  connected(timeoutMs?: number): Promise<void>;
  /** Resolves once every box delivered its kept history (at once without `backfillFrom`); rejects after `timeoutMs`. */
  backfilled(timeoutMs?: number): Promise<void>;
  /** Every box goes offline cleanly (retained state offline) and disconnects. */
  stop(): Promise<void>;
}

/**
 * Boxes delivering their history at once: a few keep the platform busy enough, and the others' logins and live
 * data are not held up behind a fleet's whole past.
 */
const BACKFILL_AT_ONCE = 3;
/** How long the histories wait for the whole fleet to be logged in (logins first: each waits on the database too). */
const BACKFILL_AFTER_LOGINS_MS = 30_000;

/** Turns for at most `slots` holders at once, in the order asked, granted once `open` was called. */
function turns(slots: number): { take: () => Promise<() => void>; open: () => void } {
  let free = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    take: () =>
      new Promise((resolve) => {
        const grant = () => resolve(release);
        if (free > 0) {
          free--;
          grant();
        } else waiting.push(grant);
      }),
    open: () => {
      for (let i = 0; i < slots; i++) release();
    },
  };
}

/** Starts a fleet of simulated boxes, one MQTT connection each. */
export function startFleet(options: FleetOptions): Fleet {
  const rate = options.rate ?? 1;
  if (!(rate > 0)) throw new Error('rate 应大于 0');
  const key: KeyObject | null = options.publicKeyPem ? publicKey(options.publicKeyPem) : null;
  const ota = options.ota ?? {};
  const otaFailing = otaFailures(
    options.identities.map((i) => i.gateway_id),
    ota.failRate ?? 0,
  );
  const backfill = turns(BACKFILL_AT_ONCE);
  const boxOptions: BoxOptions = {
    url: options.url,
    rate,
    publicKey: key,
    adminPassword: options.boxPassword ?? 'admin',
    version: options.version ?? '2.4.1-sim',
    trafficIntervalMs: options.trafficIntervalMs ?? 10_000,
    backfillFrom: options.backfillFrom ?? null,
    backfillTurn: backfill.take,
    backoffMs: options.backoffMs ?? 1000,
    maxBackoffMs: options.maxBackoffMs ?? 60_000,
    ota: {
      rebootMs: ota.rebootMs ?? 1000,
      downloadTimeoutMs: ota.downloadTimeoutMs ?? 600_000,
      failing: otaFailing,
      failAt: ota.failAt ?? 'install',
      once: ota.once ?? true,
    },
  };
  const stats: FleetStats = { boxes: options.identities.length, connected: 0, published: 0, acked: 0, points: 0, failed: 0, commands: 0, reconnects: 0, lastError: null,
    backfilled: 0,
    backfillMessages: 0,
    backfillReadings: 0,
    backfillTraffic: 0,
    upgradesStarted: 0,
    upgradesDone: 0,
    upgradesFailed: 0,
    downloadedBytes: 0,
  };
  const tunnels = options.tunnels;
  const boxes = options.identities.map((identity, i) => new SimulatedBox(identity, tunnels ? { ...boxOptions, tunnels: () => tunnels(identity, i) } : boxOptions, stats));
  const spread = options.connectSpreadMs ?? 10;
  const starts = boxes.map((box, i) => setTimeout(() => box.start(), i * spread));

  const until = async (done: () => boolean, timeoutMs: number, what: () => string) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what()} (${stats.lastError ?? '无错误'})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  if (boxOptions.backfillFrom !== null) {
    void until(() => stats.connected >= boxes.length, BACKFILL_AFTER_LOGINS_MS, () => '')
      .catch(() => undefined)
      .then(backfill.open);
  }
  return {
    boxes,
    stats,
    otaFailing,
    connected: (timeoutMs = 30_000) => until(() => stats.connected >= boxes.length, timeoutMs, () => `${stats.connected}/${boxes.length} 台网关已连接`),
    backfilled: (timeoutMs = 300_000) =>
      until(() => boxOptions.backfillFrom === null || stats.backfilled >= boxes.length, timeoutMs, () => `${stats.backfilled}/${boxes.length} 台网关已补发历史`),
    async stop() {
      starts.forEach(clearTimeout);
      await Promise.all(boxes.map((box) => box.stop()));
    },
  };
}
