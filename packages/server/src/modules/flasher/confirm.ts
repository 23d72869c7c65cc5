import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { buyOrder, device, flashBatch, flashItem } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { queryRows } from '../../db/rows.js';
import { stockDeviceColumns } from '../device/rules.js';
import { type Movement, recordMovements } from '../fleet/ledger.js';
import { MSG } from './messages.js';
import { type BatchRow, requireState, requireVendor } from './rules.js';

/** Ledger rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const CHUNK = 2_000;

const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * 确认入库, in the action's transaction on the locked batch: every identity becomes a box in the vendor's stock of
 * the batch's type, with a VPN address (the device creation's own columns) and the secret hash handed out in the
 * download, and a 进货入库 row in the ledger (naming the buy order when the batch has one). Nothing is written when
 * one of the ids has become a box meanwhile; the refusal names up to five. Answers the new boxes' gateway ids.
 */
export async function confirmBatch(req: FastifyRequest, tx: Tx, row: BatchRow, now: Date): Promise<string[]> {
  requireVendor(req);
  requireState(row, 'downloaded');
  const batchId = row.id;
  const ofBatch = sql`(select f.gateway_id from flash_item f where f.batch_id = ${batchId})`;
  const taken = await tx.select({ gateway_id: device.gateway_id }).from(device).where(sql`${device.gateway_id} in ${ofBatch}`).orderBy(asc(device.gateway_id)).limit(6);
  if (taken.length) throw badRequest(MSG.idsTaken(taken.slice(0, 5).map((b) => b.gateway_id), taken.length > 5));

  const items = await tx
    .select({ gateway_id: flashItem.gateway_id, secret_hash: flashItem.secret_hash })
    .from(flashItem)
    .where(eq(flashItem.batch_id, batchId))
    .orderBy(asc(flashItem.seq));
  const columns = await stockDeviceColumns(
    items.map((item) => ({ gateway_id: item.gateway_id, goods_id: row.goods_id, secret_hash: item.secret_hash })),
    tx,
  );
  // one statement from the rows as JSON: thousands of rows of bound parameters cost the driver seconds
  const boxes = await queryRows<{ id: number; gateway_id: string; customer_id: number }>(
    tx,
    sql`insert into device (gateway_id, goods_id, customer_id, state, secret_hash, vpn_ip)
        select c.gateway_id, c.goods_id, c.customer_id, c.state, c.secret_hash, c.vpn_ip
        from jsonb_to_recordset(${JSON.stringify(columns)}::jsonb)
          as c(gateway_id text, goods_id int, customer_id int, state text, secret_hash text, vpn_ip inet)
        returning id, gateway_id, customer_id`,
  );
  // from the boxes' ids as inserted: a join on two tables just filled would be planned on stale statistics
  await tx.execute(sql`update flash_item f set device_id = b.id
    from jsonb_to_recordset(${JSON.stringify(boxes.map((b) => ({ id: b.id, gateway_id: b.gateway_id })))}::jsonb) as b(id int, gateway_id text)
    where f.gateway_id = b.gateway_id`);

  const orderNo = row.buy_order_id
    ? ((await tx.select({ no: buyOrder.order_no }).from(buyOrder).where(eq(buyOrder.id, row.buy_order_id)))[0]?.no ?? '')
    : '';
  const movements: Movement[] = boxes.map((box) => ({
    device: box,
    type: 'purchase_in',
    from: null,
    to: box.customer_id,
    state: 'in_stock',
    orderNo,
    remark: MSG.flowRemark(batchId),
  }));
  for (const chunk of chunks(movements)) await recordMovements(tx, req.user, chunk);
  await tx.update(flashBatch).set({ state: 'confirmed', confirmed_at: now }).where(eq(flashBatch.id, batchId));
  return boxes.map((b) => b.gateway_id);
}
