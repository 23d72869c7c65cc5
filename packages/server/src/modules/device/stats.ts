import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DeviceStatsRow } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { device, goods } from '../../db/schema.js';
import { customerScope } from '../../http/scope.js';

/** 设备统计信息: boxes per type in the caller's scope, online and offline. Boxes without a type come last. */
export async function deviceStats(db: Db, req: FastifyRequest): Promise<DeviceStatsRow[]> {
  const rows = await db
    .select({
      goods_id: device.goods_id,
      goods_name: goods.name,
      total: count(),
      online: sql<number>`count(*) filter (where ${device.online})::int`,
    })
    .from(device)
    .leftJoin(goods, eq(goods.id, device.goods_id))
    .where(customerScope(req.user, device.customer_id))
    .groupBy(device.goods_id, goods.name)
    .orderBy(sql`${device.goods_id} is null`, asc(goods.name));
  return rows.map((r) => ({ goods_id: r.goods_id, goods_name: r.goods_name ?? '未分类', total: r.total, online: r.online, offline: r.total - r.online }));
}
