import { type KeyObject, randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { type BoxOta, type BoxState as BoxPresence, type BoxTraffic, boxTopic } from '@gw/contracts';
import { type BoxState, answerCommand, installLicense } from './box-api.js';
import { boxHistory } from './history.js';
import { type BoxIdentity, fingerprintOf, iccidOf, imeiOf } from './identity.js';
import { wgKeyPairOf } from './wireguard.js';
import type { BoxTunnel } from './vpn/box-network.js';
import { SimulatedMachine } from './machine.js';
import { BoxUpgrader, type OtaCounters, type OtaFailStep } from './ota.js';

/** How long a stopping box waits on the broker (the offline state's PUBACK, then the goodbye) before cutting the socket. */
export const STOP_WAIT_MS = 2000;

/** Whether `promise` settled within `ms` (a rejection counts as settled: the box is going either way). */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}

/** Counters of a fleet, shared by its boxes (the CLI prints them, tests and benchmarks read them). */
export interface FleetStats extends OtaCounters {
  boxes: number;
  connected: number;
  /** data messages published, and those the broker acknowledged (QoS 1) */
  published: number;
  acked: number;
  /** data points (values) in acknowledged messages */
  points: number;
  failed: number;
  commands: number;
  reconnects: number;
  lastError: string | null;
  /** Boxes that delivered their kept history, and what it held: data messages, readings, traffic reports. */
  backfilled: number;
  backfillMessages: number;
  backfillReadings: number;
  backfillTraffic: number;
}

export interface BoxOptions {
  url: string;
  /** data messages per second */
  rate: number;
  publicKey: KeyObject | null;
  adminPassword: string;
  version: string;
  trafficIntervalMs: number;
  /**
   * The start (ms) of a history the box kept and delivers, oldest first, at its first connection before any live
   * data: its machine tools' readings and its byte counters from then until it connected. Null: none.
   */
  backfillFrom: number | null;
  /** Waits for a turn to deliver the history (the fleet lets a few boxes deliver at once); answers its release. */
  backfillTurn: () => Promise<() => void>;
  /** A real tunnel for a box (`--vpn`); without it POST /api/vpn only keeps the config. */
  tunnels?: (identity: BoxIdentity) => BoxTunnel;
  /** reconnect backoff: first delay and cap (ms) */
  backoffMs: number;
  maxBackoffMs: number;
  ota: {
    rebootMs: number;
    downloadTimeoutMs: number;
    /** gateway ids that fail their updates at `failAt` */
    failing: ReadonlySet<string>;
    failAt: OtaFailStep;
    once: boolean;
  };
}

const MQTT_OVERHEAD = 4;
/** Messages of a delivered history in flight at once (each waits for its PUBACK). */
const BACKFILL_WINDOW = 8;

/**
 * One simulated box: logs in as itself (client id = username = gateway id, password = secret) with an offline
 * last will, announces itself retained on `state`, publishes its machine tools on `data` (QoS 1) at the set rate
 * and its byte counters on `traffic`, answers `control` commands on `echo`, and reconnects with exponential
 * backoff and jitter when the connection drops. It updates its firmware when told to (see ota.ts): downloads,
 * checks, then "reboots" — drops its connection, and is back a moment later announcing the new version.
 */
export class SimulatedBox {
  readonly state: BoxState;
  private client: MqttClient | null = null;
  private machines = new Map<string, SimulatedMachine>();
  private dataTimer: NodeJS.Timeout | null = null;
  private trafficTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private rebootTimer: NodeJS.Timeout | null = null;
  /** between dropping the connection for a reboot and connecting again: its close starts no backoff */
  private rebooting = false;
  /** called once the box is back from a reboot and has announced itself */
  private backFromReboot: (() => void) | null = null;
  private readonly upgrader: BoxUpgrader;
  private attempts = 0;
  private stopping = false;
  private online = false;
  /** The start of the history still to deliver (null once delivered, or when there is none). */
  private backfillFrom: number | null;
  private replaying = false;
  private rx = 0;
  private tx = 0;
  /** This connection's id, drawn afresh at each connect: in its announce and its will, which the platform matches by it. */
  private conn = '';

  constructor(
    readonly identity: BoxIdentity,
    private readonly options: BoxOptions,
    private readonly stats: FleetStats,
  ) {
    const gw = identity.gateway_id;
    this.backfillFrom = options.backfillFrom;
    this.state = {
      gatewayId: gw,
      version: identity.version ?? options.version,
      fingerprint: identity.fingerprint ?? fingerprintOf(gw),
      imei: imeiOf(gw),
      iccid: iccidOf(gw),
      adminPassword: options.adminPassword,
      publicKey: options.publicKey,
      license: null,
      wgPublicKey: wgKeyPairOf(identity).publicKey,
      vpn: null,
      tunnel: options.tunnels?.(identity),
      config: {
        interval_ms: Math.max(100, Math.round(1000 / options.rate)),
        machines: identity.machines.map((m) => ({ ...m, enabled: true })),
      },
    };
    const { ota } = options;
    this.upgrader = new BoxUpgrader(
      {
        gatewayId: gw,
        version: () => this.state.version,
        report: (message) => this.report(message),
        reboot: (version) => this.reboot(version),
        received: (bytes) => {
          this.rx += bytes;
        },
      },
      { failAt: ota.failing.has(gw) ? ota.failAt : null, once: ota.once, downloadTimeoutMs: ota.downloadTimeoutMs },
      stats,
    );
    this.state.upgrade = (order) => this.upgrader.start(order);
    // a licence the box had installed before it was (re)started is checked again, as a box does at boot
    if (identity.license) installLicense(this.state, identity.license);
  }

  private topic(kind: Parameters<typeof boxTopic>[0]) {
    return boxTopic(kind, this.state.gatewayId);
  }

  private presence(online: boolean): string {
    // ts is informational: the platform matches a will to its announce by conn, never by the box's clock
    const state: BoxPresence = online
      ? { online, conn: this.conn, ts: Date.now(), version: this.state.version, fingerprint: this.state.fingerprint, wg_public_key: this.state.wgPublicKey }
      : { online, conn: this.conn };
    return JSON.stringify(state);
  }

  /** The last will of a new connection, under a conn id of its own. */
  private will() {
    this.conn = randomBytes(9).toString('base64url');
    return { topic: this.topic('state'), payload: Buffer.from(this.presence(false)), qos: 1 as const, retain: true };
  }

  start(): void {
    const gw = this.state.gatewayId;
    // a box that was given a tunnel brings it up again at boot, before it is online: the platform sends it again
    // only when what the box last acknowledged differs
    const saved = this.state.tunnel?.saved();
    if (saved) {
      this.state.vpn = saved;
      this.state.tunnel!.apply(saved).catch((err: unknown) => (this.stats.lastError = `${gw}: 隧道恢复失败 ${(err as Error).message}`));
    }
    const client = mqtt.connect(this.options.url, {
      clientId: gw,
      username: gw,
      password: this.identity.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 15_000,
      will: this.will(),
    });
    this.client = client;
    client.on('connect', () => this.connected());
    client.on('close', () => this.closed());
    client.on('error', (err) => {
      this.stats.lastError = `${gw}: ${err.message}`;
    });
    client.on('message', (topic, payload) => void this.command(payload));
    this.dataTimer = setInterval(() => this.publishData(), this.state.config.interval_ms);
    this.trafficTimer = setInterval(() => this.publishTraffic(), this.options.trafficIntervalMs);
  }

  private connected(): void {
    this.attempts = 0;
    this.online = true;
    this.stats.connected += 1;
    // reachable before announced: the platform sends the licence in force as soon as it sees the box online
    this.client?.subscribe(this.topic('control'), { qos: 1 }, () => {
      // a box told to stop while its subscription was under way has already said offline: announcing online now
      // would overwrite that retained offline, and its clean goodbye would then keep the will from correcting it
      if (this.stopping) return;
      this.send('state', this.presence(true), { qos: 1, retain: true }, () => {
        this.backFromReboot?.();
        this.backFromReboot = null;
      });
      if (this.backfillFrom !== null) void this.deliverHistory(this.backfillFrom);
      else this.publishTraffic();
    });
  }

  /** Sends a message and resolves on its PUBACK (QoS 1), rejects when it could not be sent. */
  private sendAcked(kind: 'data' | 'traffic', payload: string): Promise<void> {
    return new Promise((resolve, reject) => this.send(kind, payload, { qos: 1 }, (err) => (err ? reject(err) : resolve())));
  }

  /**
   * Delivers the kept history: the readings oldest first in messages of up to 100, then the byte counters, a
   * window of messages in flight. Live data waits until it is through, so nothing live lands before it; the
   * machine tools' part counters and the byte counters then go on from where the history left them. A broken
   * connection leaves it to the next connect.
   */
  private async deliverHistory(from: number): Promise<void> {
    if (this.replaying) return;
    this.replaying = true;
    const done = await this.options.backfillTurn();
    try {
      await this.deliver(from);
    } finally {
      this.replaying = false;
      done();
    }
  }

  private async deliver(from: number): Promise<void> {
    if (!this.online || this.stopping) return;
    const history = boxHistory(this.identity, from, Date.now());
    const inWindows = async (payloads: string[], kind: 'data' | 'traffic') => {
      for (let i = 0; i < payloads.length; i += BACKFILL_WINDOW) await Promise.all(payloads.slice(i, i + BACKFILL_WINDOW).map((p) => this.sendAcked(kind, p)));
    };
    try {
      await inWindows(history.data.map((m) => JSON.stringify(m)), 'data');
      await inWindows(history.traffic.map((t) => JSON.stringify(t)), 'traffic');
    } catch (err) {
      this.stats.lastError = `${this.state.gatewayId}: 补发历史失败 ${(err as Error).message}`;
      return;
    }
    for (const m of this.identity.machines) this.machines.set(m.code, new SimulatedMachine(m, history.products.get(m.code)));
    this.tx = Math.max(this.tx, history.tx);
    this.rx = Math.max(this.rx, history.rx);
    this.backfillFrom = null;
    this.stats.backfilled += 1;
    this.stats.backfillMessages += history.data.length;
    this.stats.backfillReadings += history.readings;
    this.stats.backfillTraffic += history.traffic.length;
    this.publishTraffic();
  }

  private closed(): void {
    if (this.online) this.stats.connected -= 1;
    this.online = false;
    if (this.stopping || this.retryTimer || this.rebooting) return;
    const delay = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** this.attempts) * (0.5 + Math.random() * 0.5);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopping || !this.client) return;
      this.stats.reconnects += 1;
      this.reconnect();
    }, delay);
  }

  private reconnect(): void {
    if (!this.client) return;
    this.client.options.will = this.will();
    this.client.reconnect();
  }

  /**
   * A power cycle: the connection drops without a goodbye (the broker sends the last will), the box is away for
   * `rebootMs`, then it connects again running `version`; resolves once it has announced itself (or is stopped).
   */
  private reboot(version: string): Promise<void> {
    return new Promise((resolve) => {
      const client = this.client;
      if (this.stopping || !client) return resolve();
      this.backFromReboot = resolve;
      this.rebooting = true;
      // a retry already waiting (the link had dropped) is the old firmware's
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      client.end(true, () => {
        if (this.stopping) return;
        this.rebootTimer = setTimeout(() => {
          this.rebootTimer = null;
          this.rebooting = false;
          if (this.stopping) return;
          this.state.version = version;
          this.reconnect();
        }, this.options.ota.rebootMs);
      });
    });
  }

  private report(ota: BoxOta): Promise<void> {
    return new Promise((resolve) => this.send('ota', JSON.stringify(ota), { qos: 1 }, () => resolve()));
  }

  private send(kind: 'data' | 'state' | 'traffic' | 'echo' | 'ota', payload: string, opts: { qos: 0 | 1; retain?: boolean }, done?: (err?: Error) => void) {
    const topic = this.topic(kind);
    this.tx += Buffer.byteLength(payload) + topic.length + MQTT_OVERHEAD;
    this.client?.publish(topic, payload, opts, (err) => done?.(err));
  }

  private machine(code: string, category: string): SimulatedMachine {
    let machine = this.machines.get(code);
    if (!machine || machine.spec.category !== category) {
      machine = new SimulatedMachine({ code, category });
      this.machines.set(code, machine);
    }
    return machine;
  }

  private publishData(): void {
    if (!this.online || this.backfillFrom !== null) return;
    const now = Date.now();
    const items = this.state.config.machines.filter((m) => m.enabled).map((m) => this.machine(m.code, m.category).sample(now));
    if (!items.length) return;
    const points = items.reduce((sum, item) => sum + item.values.length, 0);
    this.stats.published += 1;
    this.send('data', JSON.stringify(items), { qos: 1 }, (err) => {
      if (err) this.stats.failed += 1;
      else {
        this.stats.acked += 1;
        this.stats.points += points;
      }
    });
  }

  private publishTraffic(): void {
    if (!this.online || this.backfillFrom !== null) return;
    const traffic: BoxTraffic = { ts: Date.now(), rx: this.rx, tx: this.tx };
    this.send('traffic', JSON.stringify(traffic), { qos: 0 });
  }

  private async command(payload: Buffer): Promise<void> {
    this.rx += payload.length + this.topic('control').length + MQTT_OVERHEAD;
    this.stats.commands += 1;
    const interval = this.state.config.interval_ms;
    const echo = await answerCommand(this.state, payload);
    if (echo) this.send('echo', JSON.stringify(echo), { qos: 1 });
    if (this.state.config.interval_ms !== interval && this.dataTimer) {
      clearInterval(this.dataTimer);
      this.dataTimer = setInterval(() => this.publishData(), this.state.config.interval_ms);
    }
  }

  /** Goes offline cleanly: the retained state says offline (as the will would), then the connection closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of [this.dataTimer, this.trafficTimer]) if (timer) clearInterval(timer);
    for (const timer of [this.retryTimer, this.rebootTimer]) if (timer) clearTimeout(timer);
    this.upgrader.stop();
    this.backFromReboot?.();
    this.backFromReboot = null;
    const client = this.client;
    if (!client) return;
    const online = this.online;
    // a broker that no longer answers (a connection dying as the box stops) gets STOP_WAIT_MS for the offline
    // state and for the goodbye, then the socket is cut, as a box switched off would: a stop never hangs
    if (online) await within(new Promise<void>((resolve) => this.send('state', this.presence(false), { qos: 1, retain: true }, () => resolve())), STOP_WAIT_MS);
    // a box still trying to get in has nothing in flight to wait for
    if (!(await within(client.endAsync(!online), STOP_WAIT_MS))) client.stream?.destroy();
  }
}
