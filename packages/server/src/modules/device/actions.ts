import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEVICE_STATE_TITLES, type DeviceState, type FlowType } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { customer, device, deviceTagLink } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import { customerScope } from '../../http/scope.js';
import { recordMovements } from '../fleet/ledger.js';
import { MSG } from '../fleet/messages.js';
import { hashDeviceSecret, newDeviceSecret } from '../../mqtt/identity/secret.js';
import { type DeviceRow, checkTags, vendorId } from './rules.js';

/**
 * 分配客户: the boxes change owner, each with a 调拨 row in the ledger. Ownership is the vendor's to give, so
 * only its staff may do it; a box already with that customer is left as it is.
 */
export async function assignDevices(req: FastifyRequest, tx: Tx, rows: DeviceRow[], customerId: number): Promise<number> {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnlyAssign);
  const [target] = await tx.select({ id: customer.id }).from(customer).where(and(eq(customer.id, customerId), customerScope(req.user, customer.id)));
  if (!target) throw refused(MSG.customerMissing);
  const moving = rows.filter((r) => r.customer_id !== customerId);
  if (!moving.length) return 0;
  await tx.update(device).set({ customer_id: customerId }).where(inArray(device.id, moving.map((r) => r.id)));
  await recordMovements(
    tx,
    req.user,
    moving.map((r) => ({
      device: { id: r.id, gateway_id: r.gateway_id },
      type: 'transfer' as const,
      from: r.customer_id,
      to: customerId,
      state: r.state,
      remark: MSG.assignRemark,
    })),
  );
  return moving.length;
}

/** 打标签 / 移除标签 on a selection of boxes, with tags the caller may use. */
export async function tagDevices(req: FastifyRequest, tx: Tx, rows: DeviceRow[], body: { tag_ids: number[]; mode: 'add' | 'remove' }): Promise<void> {
  await checkTags(req, tx, body.tag_ids);
  const deviceIds = rows.map((r) => r.id);
  const tagIds = [...new Set(body.tag_ids)];
  if (body.mode === 'remove') {
    await tx.delete(deviceTagLink).where(and(inArray(deviceTagLink.device_id, deviceIds), inArray(deviceTagLink.tag_id, tagIds)));
    return;
  }
  await tx
    .insert(deviceTagLink)
    .values(deviceIds.flatMap((device_id) => tagIds.map((tag_id) => ({ device_id, tag_id }))))
    .onConflictDoNothing();
}

/**
 * 重置密钥: a new secret replaces the old at once; the answer is the only place it is ever shown. The box's bound
 * WireGuard key (and any key refused) is cleared with it: a box that was replaced binds the key it reports next.
 */
export async function resetSecret(tx: Tx, row: DeviceRow, key: string): Promise<string> {
  const secret = newDeviceSecret();
  await tx.update(device).set({ secret_hash: hashDeviceSecret(key, secret), wg_public_key: '', wg_refused_key: '' }).where(eq(device.id, row.id));
  return secret;
}

/** A stock movement of the vendor's: which states a box may leave by it, and where it goes. */
interface StockMove {
  type: FlowType;
  /** The states a box may be in for this movement; a box in any other is refused by name. */
  from: readonly DeviceState[];
  /** The box's owner and state afterwards, given its owner now and the vendor's id. */
  into: (owner: number, vendor: number) => { owner: number; state: DeviceState };
  remark: string;
}

/**
 * 退货 brings a shipped box back to the vendor's stock; 维修 sends a box (with whoever owns it) to repair and
 * 维修完成 brings it back — into stock if the vendor holds it, else shipped to its customer again; 报废 retires it.
 */
export const STOCK_MOVES = {
  return: { type: 'return', from: ['shipped'], into: (_owner, vendor) => ({ owner: vendor, state: 'in_stock' }), remark: '退货' },
  repair: { type: 'repair', from: ['in_stock', 'shipped', 'returned'], into: (owner) => ({ owner, state: 'repair' }), remark: '维修' },
  repaired: {
    type: 'repair',
    from: ['repair'],
    into: (owner, vendor) => ({ owner, state: owner === vendor ? 'in_stock' : 'shipped' }),
    remark: '维修完成',
  },
  scrap: { type: 'scrap', from: ['in_stock', 'shipped', 'returned', 'repair'], into: (owner) => ({ owner, state: 'scrapped' }), remark: '报废' },
} as const satisfies Record<string, StockMove>;

/**
 * Moves the selected boxes by one of the STOCK_MOVES, each with its ledger row carrying the caller's remark;
 * all or nothing: one box in a state the movement does not leave refuses the whole call, naming those boxes.
 */
export async function moveDevices(req: FastifyRequest, tx: Tx, rows: DeviceRow[], move: StockMove, remark: string): Promise<number> {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnlyMove);
  const wrong = rows.filter((r) => !move.from.includes(r.state));
  if (wrong.length) throw refused(MSG.wrongState(move.remark, namesOf(wrong.map((r) => r.gateway_id)), move.from.map((s) => DEVICE_STATE_TITLES[s])));
  const vendor = await vendorId(tx);
  const movements = rows.map((r) => {
    const { owner, state } = move.into(r.customer_id, vendor);
    return {
      device: { id: r.id, gateway_id: r.gateway_id },
      type: move.type,
      from: r.customer_id,
      to: owner,
      state,
      remark: remark ? `${move.remark}: ${remark}` : move.remark,
    };
  });
  // one UPDATE per distinct outcome (a selection has at most a few)
  const groups = new Map<string, number[]>();
  for (const m of movements) {
    const key = `${m.to}:${m.state}`;
    groups.set(key, [...(groups.get(key) ?? []), m.device.id]);
  }
  for (const [key, ids] of groups) {
    const [owner, state] = key.split(':');
    await tx.update(device).set({ customer_id: Number(owner), state: state as DeviceState }).where(inArray(device.id, ids));
  }
  await recordMovements(tx, req.user, movements);
  return rows.length;
}

/** Names boxes in a message: the first twenty, then how many more. */
export function namesOf(ids: string[], max = 20): string {
  const shown = ids.slice(0, max).join('、');
  return ids.length > max ? `${shown} 等 ${ids.length} 台` : shown;
}
