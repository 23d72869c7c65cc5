import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps.js';
import type { BoxConnection, BoxDisconnectReason, BoxLink } from '../link.js';
import { type ConnectionChange, connectionWriter } from './batch.js';
import type { KeyedQueue } from './keyed-queue.js';
import { type PresenceLog, reconcile } from './transitions.js';

/**
 * Presence when this node is the broker: a connect makes its box online under the connection's session; a
 * disconnect makes it offline only while that session is still the box's (a late offline of an older
 * connection never overwrites a newer online). Changes are written in batches (connectionWriter), a box's in
 * the order they happened. Before the first of them is written, the boxes a previous run on this host left
 * online are set offline: the in-memory broker's wills and sessions died with it.
 */
export function followConnections(link: BoxLink, deps: CoreDeps, queue: KeyedQueue, log: PresenceLog): { reconciled: Promise<void> } {
  const { clock } = deps;
  let reconciled: Promise<void> = Promise.resolve();
  const writer = connectionWriter(deps, link.node, log);
  const write = (change: ConnectionChange) =>
    void queue.run(change.gatewayId, async () => {
      await reconciled;
      await writer.apply(change);
    });

  // the newest connect this node sees wins: connects and takeovers reach it in order
  link.onConnect((c: BoxConnection) => write({ gatewayId: c.gatewayId, online: true, session: c.session, at: c.at, ip: c.ip, reason: 'connect' }));
  link.onDisconnect((c: BoxConnection, reason: BoxDisconnectReason) =>
    write({ gatewayId: c.gatewayId, online: false, session: c.session, at: clock.now(), ip: c.ip, reason }),
  );

  // this host's earlier runs: the same host name, any pid
  const host = link.node.includes(':') ? link.node.slice(0, link.node.lastIndexOf(':') + 1) : link.node;
  reconciled = reconcile(deps, sql`(online_node = '' or starts_with(online_node, ${host}))`, link.node, log);
  return { reconciled };
}
