import { sql } from 'drizzle-orm';
import type { BoxState } from '@gw/contracts';
import type { Change } from './transitions.js';

/** The presence session of a connection a box named by its `conn`: the same on every node that hears it. */
export const connSession = (conn: string) => `conn:${conn}`;

/**
 * What one `state` message does to its box (external broker), whatever the box's clock says:
 * - online: the box is online under `session`; with a `conn`, unless it already is under that very connection
 *   (the same announce heard again, or by another node); without one, only when it is offline (a repeated
 *   announce is no new connection, and every node would log it once more).
 * - offline: the box goes offline when the message names no connection, or names the one it is online under —
 *   or it is online under no named connection at all (an announce without `conn`, or one never heard); an
 *   offline naming another connection is the late will of an older one and changes nothing.
 * online_since is the server's time of hearing it.
 */
export function stateChange(gatewayId: string, state: BoxState, session: string, at: Date, node: string): Change {
  if (state.online) {
    const where = state.conn
      ? sql`gateway_id = ${gatewayId} and not (online and online_session = ${session})`
      : sql`gateway_id = ${gatewayId} and not online`;
    return { online: true, where, session, since: at, node, at, reason: 'connect', ip: '', logNode: node };
  }
  const ours = state.conn
    ? sql` and (online_session = ${connSession(state.conn)} or not starts_with(online_session, 'conn:'))`
    : sql``;
  // a subscriber cannot tell a will from a box's own goodbye: both are the will the broker keeps for it
  return { online: false, where: sql`gateway_id = ${gatewayId} and online${ours}`, session: '', since: at, node: '', at, reason: 'will', ip: '', logNode: node };
}
