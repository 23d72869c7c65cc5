import type { DeviceState, FlowType } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { deviceFlow } from '../../db/schema.js';
import type { SessionUser } from '../../http/types.js';

/** One movement of one box: where it came from, where it went, and the state it is in afterwards. */
export interface Movement {
  device: { id: number; gateway_id: string };
  type: FlowType;
  from: number | null;
  to: number | null;
  state: DeviceState;
  orderNo?: string;
  remark?: string;
}

/**
 * Writes movements to the ledger in the caller's transaction, so a box's owner and state never change without
 * the row that explains it. The ledger is append-only: the database refuses UPDATE and DELETE on it.
 */
export async function recordMovements(tx: Tx, user: Pick<SessionUser, 'id' | 'username'>, movements: Movement[]): Promise<void> {
  if (!movements.length) return;
  await tx.insert(deviceFlow).values(
    movements.map((m) => ({
      device_id: m.device.id,
      gateway_id: m.device.gateway_id,
      type: m.type,
      from_customer_id: m.from,
      to_customer_id: m.to,
      state: m.state,
      order_no: m.orderNo ?? '',
      operator_id: user.id,
      operator: user.username,
      remark: m.remark ?? '',
    })),
  );
}
