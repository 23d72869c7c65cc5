import { type SQL, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { ORDER_MAX_SERIALS, ORDER_STATUS_TITLES, type OrderLineWrite, type OrderStatus, type buyOrderResource, type sellOrderResource } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { type buyOrder, type buyOrderLine, goods, type sellOrder, type sellOrderLine } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { LinesDeclaration, ResourceHooks, Stored } from '../../http/resource/types.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import { namesOf } from '../device/actions.js';
import { MSG } from './messages.js';
import { type Numbered, lockNumbers, nextOrderNo } from './numbering.js';

/** Either kind's table and descriptor, for the rules both kinds share. */
type OrderTable = typeof buyOrder | typeof sellOrder;
type OrderResource = typeof buyOrderResource | typeof sellOrderResource;

/** A stored order of either kind. */
export type OrderRow = Stored<OrderTable>;

/** A stored line of either kind (both line tables have the same columns). */
export type OrderLineRow = (typeof buyOrderLine | typeof sellOrderLine)['$inferSelect'];

/** One kind of order (进货单 or 出货单) as the shared rules need it. */
export interface OrderKind extends Numbered {
  /** The table's name, for the derived values' SQL. */
  name: 'buy_order' | 'sell_order';
  id: AnyPgColumn;
  line: typeof buyOrderLine | typeof sellOrderLine;
  lineParent: AnyPgColumn;
  /** The lines' order: as written. */
  lineId: AnyPgColumn;
}

/** Orders are the vendor's business: a customer's users at most read the 出货单 of their subtree. */
export function requireVendor(req: FastifyRequest): void {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnly);
}

/** A confirmed or cancelled order is final: only a draft is edited, deleted, confirmed or cancelled. */
export function requireDraft(row: OrderRow, what: string): void {
  const status = row.status;
  if (status !== 'draft') throw refused(MSG.notDraft(row.order_no, ORDER_STATUS_TITLES[status], what));
}

/** Boxes over all lines, the exact total in 元 (the lines' amounts are computed by the database) and who made it. */
export function orderDerived(kind: OrderKind): Record<string, SQL> {
  const order = sql.raw(kind.name);
  const lines = sql.raw(`${kind.name}_line`);
  return {
    quantity: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${lines} l where l.order_id = ${order}.id)`,
    amount: sql<string>`(select coalesce(sum(l.amount), 0)::numeric(14, 2)::text from ${lines} l where l.order_id = ${order}.id)`,
    operator: sql<string>`coalesce((select coalesce(nullif(u.name, ''), u.username) from admin_user u where u.id = ${order}.operator_id), '')`,
  };
}

/**
 * The write rules both kinds share: the vendor's staff write drafts only; a number typed is refused when taken,
 * a number left blank is the day's next; the maker is the operator.
 */
export function orderWriteHooks(kind: OrderKind): Pick<ResourceHooks<OrderTable, OrderResource>, 'checkWrite' | 'checkDelete' | 'toColumns'> {
  return {
    async checkWrite(req, values, current, tx) {
      requireVendor(req);
      if (current) requireDraft(current, '修改');
      const typed = values.order_no;
      if (typeof typed === 'string' && typed) {
        await lockNumbers(tx, kind);
        await refuseDuplicate(tx, { table: kind.table, id: kind.id, column: kind.orderNo }, typed, current, MSG.orderNoTaken(typed));
      }
    },
    async checkDelete(req, current) {
      requireVendor(req);
      requireDraft(current, '删除');
    },
    async toColumns(values, req, tx) {
      const { order_no: typed, ...rest } = values;
      if (req.method !== 'POST') return typed ? values : rest;
      await lockNumbers(tx, kind);
      // a create dates the order (its schema requires a date)
      const orderNo = typed || (await nextOrderNo(tx, kind, rest.order_date as string));
      return { ...rest, order_no: orderNo, operator_id: req.user.id };
    },
  };
}

/** The device types' names of the lines being written, found by their check for their columns. */
const goodsNames = new WeakMap<FastifyRequest, Map<number, string>>();

/**
 * The lines: every device type exists (its name is kept on the line, as a document keeps it), and no serial
 * appears twice in one order (a 400 naming them), at most ORDER_MAX_SERIALS in all.
 */
export function orderLines(kind: OrderKind): LinesDeclaration<OrderLineWrite> {
  return {
    table: kind.line,
    parent: kind.lineParent,
    async check(req, lines, _row, tx) {
      const serials = lines.flatMap((l) => l.serials);
      if (serials.length > ORDER_MAX_SERIALS) throw badRequest(MSG.tooManySerials(ORDER_MAX_SERIALS));
      const seen = new Set<string>();
      const twice = new Set(serials.filter((s) => seen.size === seen.add(s).size));
      if (twice.size) throw badRequest(MSG.duplicateSerials(namesOf([...twice])));
      goodsNames.set(req, await namesOfGoods(tx, lines.map((l) => l.goods_id)));
    },
    toColumns: (line, req) => ({
      goods_id: line.goods_id,
      goods_name: goodsNames.get(req)?.get(line.goods_id) ?? '',
      quantity: line.quantity,
      unit_price: line.unit_price,
      serials: line.serials,
    }),
  };
}

async function namesOfGoods(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  const found = wanted.length ? await tx.select({ id: goods.id, name: goods.name }).from(goods).where(inArray(goods.id, wanted)) : [];
  if (found.length !== wanted.length) throw refused(MSG.goodsMissing);
  return new Map(found.map((g) => [g.id, g.name]));
}

/** The lines of one order, as written. */
export async function linesOf(tx: Tx, kind: OrderKind, orderId: number): Promise<OrderLineRow[]> {
  return tx.select().from(kind.line).where(eq(kind.lineParent, orderId)).orderBy(asc(kind.lineId));
}

/**
 * Confirming needs each line's serials to be exactly its quantity; the lines that are not are named with the
 * serials they hold.
 */
export function checkQuantities(lines: OrderLineRow[]): void {
  const wrong = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.serials.length !== l.quantity)
    .map(({ l, i }) => {
      const serials = l.serials;
      return `第 ${i + 1} 行 ${l.goods_name} 数量 ${l.quantity},序列号 ${serials.length} 个${serials.length ? ` (${namesOf(serials, 10)})` : ''}`;
    });
  if (wrong.length) throw refused(MSG.quantityMismatch(wrong.join(';')));
}

/** Confirmations take turns (the boxes they create or move must not be claimed twice), across every node. */
export async function lockStock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('order_confirm'))`);
}

/** Sets a draft's final status (the rows are the action's, locked). */
export async function setStatus(tx: Tx, kind: OrderKind, row: OrderRow, status: OrderStatus, at: Date | null): Promise<void> {
  await tx
    .update(kind.table)
    .set({ status, ...(at ? { confirmed_at: at } : {}) })
    .where(eq(kind.id, row.id));
}

/** Cancels a draft of either kind: final, it can no longer be confirmed. */
export async function cancelOrder(req: FastifyRequest, tx: Tx, kind: OrderKind, row: OrderRow): Promise<void> {
  requireVendor(req);
  requireDraft(row, '取消');
  await setStatus(tx, kind, row, 'cancelled', null);
}
