import { asc, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { device, type sellOrder } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import type { Stored } from '../../http/resource/types.js';
import { namesOf } from '../device/actions.js';
import { vendorId } from '../device/rules.js';
import { recordMovements } from '../fleet/ledger.js';
import { MSG } from './messages.js';
import { type OrderKind, checkQuantities, linesOf, lockStock, requireDraft, requireVendor, setStatus } from './rules.js';

/**
 * Confirms a 出货单 in the action's transaction: every serial must be a box in the vendor's stock of its line's
 * type; each goes to the order's customer as 已出货, with a 出货 row naming the order. One serial missing, not
 * in stock or of another type refuses the whole confirmation, naming every such serial. Confirmations take
 * turns, so of two orders racing for one box the second finds it shipped.
 */
export async function shipOrder(req: FastifyRequest, tx: Tx, kind: OrderKind, row: Stored<typeof sellOrder>, now: () => Date): Promise<number> {
  requireVendor(req);
  requireDraft(row, '确认');
  const lines = await linesOf(tx, kind, row.id);
  checkQuantities(lines);
  await lockStock(tx);
  const vendor = await vendorId(tx);
  const serials = lines.flatMap((l) => l.serials);
  const boxes = await tx
    .select({ id: device.id, gateway_id: device.gateway_id, customer_id: device.customer_id, state: device.state, goods_id: device.goods_id })
    .from(device)
    .where(inArray(device.gateway_id, serials))
    .orderBy(asc(device.id))
    .for('update');
  const byId = new Map(boxes.map((b) => [b.gateway_id, b]));
  const typeOf = new Map(lines.flatMap((l) => l.serials.map((s) => [s, l.goods_id])));
  const missing = serials.filter((s) => !byId.has(s));
  const notInStock = boxes.filter((b) => b.state !== 'in_stock' || b.customer_id !== vendor).map((b) => b.gateway_id);
  const otherType = boxes.filter((b) => b.goods_id !== typeOf.get(b.gateway_id)).map((b) => b.gateway_id);
  const problems = [
    missing.length ? MSG.serialsMissing(namesOf(missing)) : '',
    notInStock.length ? MSG.serialsNotInStock(namesOf(notInStock)) : '',
    otherType.length ? MSG.serialsOtherType(namesOf(otherType)) : '',
  ].filter(Boolean);
  if (problems.length) throw refused(problems.join(';'));

  const customerId = row.customer_id;
  await tx
    .update(device)
    .set({ customer_id: customerId, state: 'shipped' })
    .where(inArray(device.id, boxes.map((b) => b.id)));
  await recordMovements(
    tx,
    req.user,
    boxes.map((b) => ({ device: b, type: 'sale_out' as const, from: vendor, to: customerId, state: 'shipped' as const, orderNo: row.order_no, remark: MSG.saleRemark })),
  );
  await setStatus(tx, kind, row, 'confirmed', now());
  return boxes.length;
}
