import { and, eq, inArray } from 'drizzle-orm';
import type { RemoteSessionEndReason } from '@gw/contracts';
import type { Db, Tx } from '../db/client.js';
import { remoteSession } from '../db/schema.js';
import type { LiveBus } from '../live/bus.js';
import { sessionTraffic } from './bytes.js';
import type { HubPeers } from './peers.js';

type SessionRow = typeof remoteSession.$inferSelect;

/** Who ends a session: a user (结束), or the platform (null: expiry, a condition no longer holding). */
export interface Ender {
  id: number;
  username: string;
}

/**
 * Ends one open session (pending or active) for `reason`: status ended, when, by whom, and the bytes and last
 * handshake the hub counted for its client since it started (kept, as the hub forgets them). Only over a session
 * still open: answers the ended row, or null when another request or the sweep ended it first.
 */
export async function endSession(db: Db | Tx, row: SessionRow, reason: RemoteSessionEndReason, at: Date, by: Ender | null, peers: HubPeers): Promise<SessionRow | null> {
  const traffic = row.status === 'active' ? sessionTraffic(peers, row.client_public_key, row) : { rx_bytes: 0, tx_bytes: 0, latest_handshake: null };
  const [ended] = await db
    .update(remoteSession)
    .set({
      status: reason === 'rejected' ? 'rejected' : 'ended',
      end_reason: reason,
      ended_at: at,
      ended_by_id: by?.id ?? null,
      ended_by: by?.username ?? '',
      ...traffic,
    })
    .where(and(eq(remoteSession.id, row.id), inArray(remoteSession.status, ['pending', 'active'])))
    .returning();
  return ended ?? null;
}

/** Tells the console's tabs that a session moved (the list updates live; its requester sees the answer). */
export function publishSession(live: LiveBus, row: Pick<SessionRow, 'id' | 'customer_id' | 'user_id' | 'status'>, at: Date): void {
  live.publish({ type: 'remote_session', customer_id: row.customer_id, user_id: row.user_id, session_id: row.id, status: row.status, at: at.toISOString() });
}
