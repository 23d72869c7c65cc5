import { inArray } from 'drizzle-orm';
import type { TunnelState } from '@gw/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { tunnelPlans } from '../../mqtt/tunnel/plan.js';

/** 隧道 of each box of a page, from the same plans the platform sends boxes by (one query for the page). */
export async function withTunnelStates<R extends { id: number }>(db: Db | Tx, hub: Config['vpnHub'], rows: R[]): Promise<(R & { tunnel_state: TunnelState })[]> {
  const plans = await tunnelPlans(db, hub, inArray(device.id, rows.map((r) => r.id)));
  const states = new Map(plans.map((p) => [p.device_id, p.state]));
  return rows.map((row) => ({ ...row, tunnel_state: states.get(row.id) ?? 'unlicensed' }));
}
