import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WriteValues, goodsResource } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { device, goods } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import type { ResourceContext, Row, Stored } from '../../http/resource/types.js';
import { MSG } from '../fleet/messages.js';

type Goods = Stored<typeof goods>;

/** The products are the vendor's catalogue: only its staff write them, with a code no other type has. */
export async function checkGoodsWrite(req: FastifyRequest, values: WriteValues<typeof goodsResource>, current: Goods | null, tx: Tx): Promise<void> {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnlyGoods);
  if (values.code !== undefined && values.code !== current?.code) {
    const [taken] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.code, values.code));
    if (taken) throw refused(MSG.goodsCodeTaken(values.code));
  }
}

/** A type with boxes stays: the boxes would lose what they are. */
export async function checkGoodsDelete(req: FastifyRequest, current: Goods, tx: Tx): Promise<void> {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnlyGoods);
  const [{ n }] = await tx.select({ n: count() }).from(device).where(eq(device.goods_id, current.id));
  if (n > 0) throw refused(MSG.goodsInUse(n));
}

/** Stock per type, counted from the boxes (never typed): 在库, 已出货 and all of them. */
export async function withStock(rows: Goods[], { db }: ResourceContext): Promise<Row[]> {
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({
      goods_id: device.goods_id,
      total: count(),
      in_stock: sql<number>`count(*) filter (where ${device.state} = 'in_stock')::int`,
      shipped: sql<number>`count(*) filter (where ${device.state} = 'shipped')::int`,
    })
    .from(device)
    .where(inArray(device.goods_id, ids))
    .groupBy(device.goods_id);
  const byId = new Map(counts.map((c) => [c.goods_id, c]));
  return rows.map((r) => {
    const c = byId.get(r.id);
    return { ...r, total: c?.total ?? 0, in_stock: c?.in_stock ?? 0, shipped: c?.shipped ?? 0 };
  });
}
