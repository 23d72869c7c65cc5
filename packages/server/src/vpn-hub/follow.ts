import type { HubFeed, HubState, HubStatusReport } from '@gw/contracts';
import { HubStateError } from './errors.js';
import type { Hub } from './hub.js';
import { PlatformError, type Platform } from './platform.js';
import type { Log } from './runner.js';
import type { InterfaceStatus } from './wg.js';

export interface FollowOptions {
  hub: Hub;
  platform: Platform;
  /** The hub's own part of the state: its interface's name, key and port (the platform gives the address). */
  iface: Omit<HubState['interface'], 'address'>;
  log: Log;
  /** How often the peers' handshakes and counters are reported (30 s). */
  statusMs?: number;
  /** How often the whole state is read and applied against the host (60 s). */
  reconcileMs?: number;
  /** The wait after a failure, doubled at each one up to `maxRetryMs` (1 s, 30 s). */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface Following {
  /** Settles when following ends; rejects when the table could not be put in place (nothing can be promised then). */
  readonly done: Promise<void>;
  /** Stops following: nothing more is asked or applied; the table and the interface stay as they are. */
  stop(): Promise<void>;
}

/** The peers as the platform reads them. */
export const reportOf = (status: InterfaceStatus): HubStatusReport => ({
  peers: status.peers.map((peer) => ({
    public_key: peer.publicKey,
    latest_handshake: peer.latestHandshake?.toISOString() ?? null,
    rx_bytes: peer.rxBytes,
    tx_bytes: peer.txBytes,
  })),
});

/**
 * The hub process's loop. First the table with no grant (nothing forwarded, whatever an earlier run let
 * through), before the platform is asked anything; then the state, applied whole; then every change the watch
 * brings, applied as changes; every `statusMs` the peers reported, every `reconcileMs` the state read again and
 * applied whole against the host. With the platform out of reach the last state applied stays — never more
 * is opened — and the hub asks again after a wait that doubles up to `maxRetryMs`, saying so once per outage.
 * A state the hub refuses (a bad row) is logged and the last one kept until the platform's changes.
 */
export function followPlatform(options: FollowOptions): Following {
  const { hub, platform, iface, log, statusMs = 30_000, reconcileMs = 60_000, retryMs = 1000, maxRetryMs = 30_000 } = options;
  const stopping = new AbortController();
  const { signal } = stopping;
  /** The version last applied or refused: the watch waits for another. */
  let version: string | null = null;
  let outage = false;
  let delay = retryMs;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  /** Says once that the platform is out of reach, and once that it is back. */
  function platformFailed(error: PlatformError) {
    if (!outage) log(`${error.message} — 保持上次应用的状态, 稍后重试 (keeping the last applied state, retrying)`);
    outage = true;
  }
  function platformAnswered() {
    if (outage) log('平台已恢复, 继续同步 (platform reachable again)');
    outage = false;
    delay = retryMs;
  }

  // one apply at a time: the watch's and the minute's reconcile read their version under it
  let applying: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = applying.then(task);
    applying = next.catch(() => undefined);
    return next;
  };

  /** Applies a state whose version is new (changes onto the last, or whole the first time). */
  const applyFeed = (feed: HubFeed, whole = false) =>
    serial(async () => {
      if (signal.aborted) return;
      const known = feed.version === version;
      if (known && !whole) return;
      const state: HubState = { interface: { ...iface, address: feed.address }, boxes: feed.boxes, clients: feed.clients, flows: feed.flows };
      try {
        if (known) await hub.reconcile();
        else if (!hub.state) await hub.start(state);
        else await hub.apply(state);
        if (!known) log(`已应用状态 ${feed.version} (applied): ${feed.boxes.length} 个盒子, ${feed.clients.length} 个客户端, ${feed.flows.length} 条访问规则`);
        version = feed.version;
      } catch (error) {
        // refused whole (logged by the hub): the same version would be refused again, so wait for the next
        if (error instanceof HubStateError) version = feed.version;
        throw error;
      }
    });

  async function watchLoop(): Promise<void> {
    while (!signal.aborted) {
      try {
        const feed = version === null ? await platform.state(signal) : await platform.watch(version, signal);
        platformAnswered();
        await applyFeed(feed);
        continue;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof PlatformError) platformFailed(error);
        else if (!(error instanceof HubStateError)) log(`应用状态失败, 稍后重试 (applying failed, retrying): ${(error as Error).message}`);
      }
      await sleep(delay);
      delay = Math.min(delay * 2, maxRetryMs);
    }
  }

  async function reconcile(): Promise<void> {
    let feed: HubFeed | null = null;
    try {
      feed = await platform.state(signal);
      platformAnswered();
    } catch (error) {
      if (error instanceof PlatformError) platformFailed(error);
      else throw error;
    }
    if (signal.aborted) return;
    // with the platform out of reach, the last state is applied again: the host is put back as it was left
    if (feed) await applyFeed(feed, true);
    else if (hub.state) await serial(() => hub.reconcile());
  }

  async function report(): Promise<void> {
    if (!hub.state) return;
    try {
      await platform.report(reportOf(await hub.status()), signal);
    } catch (error) {
      if (error instanceof PlatformError) platformFailed(error);
      else throw error;
    }
  }

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<void>, what: string) => {
    let running = false;
    timers.push(
      setInterval(() => {
        if (running || signal.aborted) return;
        running = true;
        task()
          .catch((error: unknown) => signal.aborted || log(`${what}失败 (${what} failed): ${(error as Error).message}`))
          .finally(() => (running = false));
      }, ms),
    );
  };

  const loop = (async () => {
    await serial(() => hub.seal(iface.name));
    every(statusMs, report, '上报对端状态');
    every(reconcileMs, reconcile, '完整核对');
    await watchLoop();
  })();

  return {
    done: loop,
    async stop() {
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await loop.catch(() => undefined);
      await applying;
    },
  };
}
