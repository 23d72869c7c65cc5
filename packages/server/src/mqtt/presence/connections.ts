import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { BoxConnection, BoxDisconnectReason, BoxLink } from '../link.js';
import type { KeyedQueue } from './keyed-queue.js';
import { type PresenceLog, type Transition, announce, applyChange, reconcile } from './transitions.js';

/**
 * Presence when this node is the broker: a connect makes its box online under the connection's session; a
 * disconnect makes it offline only while that session is still the box's (a late offline of an older
 * connection never overwrites a newer online). Before the first of them is written, the boxes a previous run
 * on this host left online are set offline: the in-memory broker's wills and sessions died with it.
 */
export function followConnections(link: BoxLink, deps: AppDeps, queue: KeyedQueue, log: PresenceLog): { reconciled: Promise<void> } {
  const { db, clock } = deps;
  let reconciled: Promise<void> = Promise.resolve();
  const write = (gatewayId: string, change: () => Promise<Transition[]>) =>
    void queue.run(gatewayId, async () => {
      await reconciled;
      announce(deps, await change());
    });

  link.onConnect((c: BoxConnection) =>
    write(c.gatewayId, () =>
      applyChange(db, {
        online: true,
        // the newest connect this node sees wins: connects and takeovers reach it in order
        where: sql`gateway_id = ${c.gatewayId}`,
        session: c.session,
        since: c.at,
        node: link.node,
        at: c.at,
        reason: 'connect',
        ip: c.ip,
        logNode: link.node,
      }),
    ),
  );
  link.onDisconnect((c: BoxConnection, reason: BoxDisconnectReason) => {
    const at = clock.now();
    write(c.gatewayId, () =>
      applyChange(db, {
        online: false,
        where: sql`gateway_id = ${c.gatewayId} and online and online_session = ${c.session}`,
        session: '',
        since: at,
        node: '',
        at,
        reason,
        ip: c.ip,
        logNode: link.node,
      }),
    );
  });

  // this host's earlier runs: the same host name, any pid
  const host = link.node.includes(':') ? link.node.slice(0, link.node.lastIndexOf(':') + 1) : link.node;
  reconciled = reconcile(deps, sql`(online_node = '' or starts_with(online_node, ${host}))`, link.node, log);
  return { reconciled };
}
