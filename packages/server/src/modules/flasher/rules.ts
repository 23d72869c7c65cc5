import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type FlashBatchCreate, type WriteValues, flashBatchDetailSchema, type flashBatchResource, flashGatewayId, flashItemSchema } from '@gw/contracts';
import type { Db, Tx } from '../../db/client.js';
import { buyOrder, type flashBatch, flashItem, goods } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import { defaultSerializer } from '../../http/resource/serialize.js';
import type { DetailDeclaration, Row, Stored } from '../../http/resource/types.js';
import { queryRows } from '../../db/rows.js';
import { MSG } from './messages.js';

/** A stored provisioning batch. */
export type BatchRow = Stored<typeof flashBatch>;

/** flash_item.seq is an integer column. */
const MAX_SEQ = 2_147_483_647;

/** Only the platform's staff provision boxes: a customer's role holding the menu still may not. */
export function requireVendor(req: FastifyRequest): void {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnly);
}

/**
 * The batch is in the state an operation needs: a download needs `new` (afterwards the secrets are gone), a
 * confirm `downloaded` (the boxes need the secrets the file handed out). Otherwise the refusal that says why.
 */
export function requireState(row: BatchRow, state: 'new' | 'downloaded'): void {
  const current = row.state;
  if (current === state) return;
  if (state === 'new') throw badRequest(MSG.downloadedAlready);
  throw badRequest(current === 'new' ? MSG.downloadFirst : MSG.confirmedAlready);
}

/** The batch's gateway ids, prefix + zero-padded sequence, as SQL rows `(seq, gateway_id)`. */
const gatewayIdsSql = (b: Pick<FlashBatchCreate, 'prefix' | 'start' | 'digits' | 'count'>) =>
  sql`select s as seq, ${b.prefix}::text || lpad(s::text, ${b.digits}::int, '0') as gateway_id
      from generate_series(${b.start}::int, ${b.start + b.count - 1}::int) s`;

/**
 * A new batch: its type and buy order exist, and none of its gateway ids is a box or another batch's identity
 * (the refusal names up to five). Creates take turns, so two batches never reserve the same id.
 */
export async function checkCreate(req: FastifyRequest, values: WriteValues<typeof flashBatchResource>, tx: Tx): Promise<void> {
  requireVendor(req);
  // a batch is only created, by the create schema, which requires every field
  const batch = values as FlashBatchCreate;
  if (batch.start + batch.count - 1 > MAX_SEQ) throw badRequest(MSG.seqTooLarge);
  const [type] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, batch.goods_id));
  if (!type) throw badRequest(MSG.goodsMissing);
  if (batch.buy_order_id != null) {
    const [order] = await tx.select({ id: buyOrder.id }).from(buyOrder).where(eq(buyOrder.id, batch.buy_order_id));
    if (!order) throw badRequest(MSG.buyOrderMissing);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('flash_item'))`);
  const taken = await queryRows<{ gateway_id: string }>(
    tx,
    sql`select g.gateway_id from (${gatewayIdsSql(batch)}) g
        where exists (select 1 from device d where d.gateway_id = g.gateway_id)
           or exists (select 1 from flash_item f where f.gateway_id = g.gateway_id)
        order by g.seq limit 6`,
  );
  if (taken.length) throw badRequest(MSG.idsTaken(taken.slice(0, 5).map((r) => r.gateway_id), taken.length > 5));
}

/** Reserves the batch's identities, in one statement however many. */
export async function insertItems(tx: Tx, row: BatchRow): Promise<void> {
  await tx.execute(sql`insert into flash_item (batch_id, seq, gateway_id) select ${row.id}::int, g.seq, g.gateway_id from (${gatewayIdsSql(row)}) g`);
}

/** Only a batch not yet in stock may go; its identities go with it (cascade) and are free again. */
export function checkDelete(req: FastifyRequest, row: BatchRow): void {
  requireVendor(req);
  if (row.state === 'confirmed') throw badRequest(MSG.confirmedNoDelete);
}

/** The list's and the detail's own values: the first and last gateway id, and how many boxes have connected (one query per page). */
export async function decorateBatches(rows: BatchRow[], db: Db | Tx): Promise<Row[]> {
  const ids = rows.map((r) => r.id);
  const counted = await db
    .select({ batch_id: flashItem.batch_id, connected: sql<number>`count(${flashItem.first_connected_at})::int` })
    .from(flashItem)
    .where(inArray(flashItem.batch_id, ids))
    .groupBy(flashItem.batch_id);
  const connected = new Map(counted.map((c) => [c.batch_id, c.connected]));
  return rows.map((r) => {
    const { prefix, start, digits, count } = r;
    return {
      ...r,
      first_gateway_id: flashGatewayId(prefix, start, digits),
      last_gateway_id: flashGatewayId(prefix, start + count - 1, digits),
      connected: connected.get(r.id) ?? 0,
    };
  });
}

const serializeItem = defaultSerializer(flashItemSchema);

/** The detail's identities in sequence: never a secret nor its hash (the item schema has neither). */
export const batchDetail: DetailDeclaration<BatchRow> = {
  schema: flashBatchDetailSchema,
  async read(rows, items, db) {
    const ids = rows.map((r) => r.id);
    const found = await db
      .select({
        batch_id: flashItem.batch_id,
        gateway_id: flashItem.gateway_id,
        device_id: flashItem.device_id,
        first_connected_at: flashItem.first_connected_at,
        fingerprint: flashItem.fingerprint,
        clone_attempts: flashItem.clone_attempts,
        last_clone_at: flashItem.last_clone_at,
        last_clone_fingerprint: flashItem.last_clone_fingerprint,
      })
      .from(flashItem)
      .where(inArray(flashItem.batch_id, ids))
      .orderBy(asc(flashItem.batch_id), asc(flashItem.seq));
    const byBatch = new Map<number, unknown[]>(ids.map((id) => [id, []]));
    for (const item of found) byBatch.get(item.batch_id)?.push(serializeItem(item));
    return items.map((item, i) => ({ ...(item as Row), items: byBatch.get(ids[i]) ?? [] }));
  },
};
