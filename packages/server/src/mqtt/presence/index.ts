import { BOX_PUBLISH_KINDS } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import type { BoxLink } from '../link.js';
import { followConnections } from './connections.js';
import { KeyedQueue } from './keyed-queue.js';
import { LastSeen } from './last-seen.js';
import { RETAINED_STATE_WAIT_MS, followRetainedState } from './retained-state.js';
import type { PresenceLog } from './transitions.js';

export interface PresenceOptions {
  log?: PresenceLog;
  /** External broker: how long to wait for retained online states before setting the others offline. */
  retainedStateWaitMs?: number;
}

/* c8 ignore next 4 -- the fallback when the caller gives no logger */
const consoleLog: PresenceLog = {
  error: (obj, msg) => console.error(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
};

/**
 * Presence: online/offline of boxes follows the link (connects and disconnects on the embedded broker, retained
 * `state` messages on an external one), each transition written with compare-and-set, logged in
 * device_online_log and announced on the live bus; last_seen_at follows every message, flushed in batches.
 */
export async function startPresence(link: BoxLink, deps: CoreDeps, options: PresenceOptions = {}): Promise<{ stop(): Promise<void> }> {
  const log = options.log ?? consoleLog;
  const queue = new KeyedQueue((err, gatewayId) => log.error({ err, gateway_id: gatewayId }, '更新网关在线状态失败'));

  const lastSeen = new LastSeen(deps.db, deps.clock, deps.config.presenceFlushMs, log);
  for (const kind of BOX_PUBLISH_KINDS) {
    link.onMessage(kind, (message) => {
      lastSeen.touch(message.gatewayId);
      return Promise.resolve();
    });
  }

  const follower = link.seesConnections
    ? { ...followConnections(link, deps, queue, log), stop: () => undefined }
    : followRetainedState(link, deps, queue, log, options.retainedStateWaitMs ?? RETAINED_STATE_WAIT_MS);

  return {
    async stop() {
      follower.stop();
      await follower.reconciled;
      // after stop nothing more is queued: the database is about to close
      await queue.close();
      await lastSeen.stop();
    },
  };
}
