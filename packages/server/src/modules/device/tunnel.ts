import { inArray } from 'drizzle-orm';
import type { TunnelState } from '@gw/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { device } from '../../db/schema.js';
import type { HubPeers } from '../../remote-access/peers.js';
import { tunnelPlans } from '../../mqtt/tunnel/plan.js';

/**
 * 隧道 of each box of a page, from the same plans the platform sends boxes by (one query for the page); 已连接
 * when the hub's last report (`peers`) saw its handshake recently.
 */
export async function withTunnelStates<R extends { id: number }>(
  db: Db | Tx,
  hub: Config['vpnHub'],
  rows: R[],
  seen?: { peers?: HubPeers; now: Date },
): Promise<(R & { tunnel_state: TunnelState })[]> {
  const handshakeOf = (key: string) => (seen?.peers ? seen.peers.freshHandshake(key, seen.now) : null);
  const plans = await tunnelPlans(db, hub, inArray(device.id, rows.map((r) => r.id)), handshakeOf);
  const states = new Map(plans.map((p) => [p.device_id, p.state]));
  return rows.map((row) => ({ ...row, tunnel_state: states.get(row.id) ?? 'unlicensed' }));
}
