import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { LiveBus } from '../live/bus.js';
import { HubPeers } from './peers.js';
import { SWEEP_IDLE_MS, SWEEP_OPEN_MS, sweepSessions } from './sweeper.js';

/** Writes that arrive together are swept as one: a licence batch, boxes moved in bulk. */
const SETTLE_MS = 50;

type SweepLog = { error(obj: unknown, msg?: string): void };

/**
 * Remote access on this node, whether or not the box link runs: what the hub last reported of its peers, the
 * wake-up of the hub's watch when the state it reads may have changed, and the sweep that ends sessions whose
 * conditions no longer hold (expiry by the clock, the user disabled, the box moved or scrapped, its licence, the
 * client deleted) and wakes the watch when the flows in force changed.
 */
export interface RemoteAccess {
  /** What the hub last reported of its peers (boxes' 已连接, clients' handshakes and sessions' bytes). */
  readonly peers: HubPeers;
  /** What the hub's state or a session's conditions are read from may have changed on this node (a committed write). */
  changed(): void;
  /** Hears `changed`; answers the function that stops listening. */
  onChange(listener: () => void): () => void;
  /** Sweeps now, and answers once done. */
  sweep(): Promise<void>;
  stop(): void;
}

export function startRemoteAccess(deps: { db: Db; clock: Clock; live: LiveBus }, log: SweepLog): RemoteAccess {
  const peers = new HubPeers();
  const listeners = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  let settle: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let inForce = '';

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void sweep(), ms);
    timer.unref();
  };
  const once = async () => {
    let open = true;
    try {
      const result = await sweepSessions({ ...deps, peers });
      open = result.open;
      if (result.ended || result.inForce !== inForce) {
        inForce = result.inForce;
        notify();
      }
    } catch (err) {
      if (!stopped) log.error({ err }, '检查远程会话失败');
    }
    schedule(open ? SWEEP_OPEN_MS : SWEEP_IDLE_MS);
  };
  // one sweep at a time; a request for one while it runs makes one more after it
  function sweep(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await once();
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  }
  schedule(0);

  return {
    peers,
    changed() {
      notify();
      settle ??= setTimeout(() => {
        settle = undefined;
        void sweep();
      }, SETTLE_MS);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sweep,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(settle);
      listeners.clear();
    },
  };
}
