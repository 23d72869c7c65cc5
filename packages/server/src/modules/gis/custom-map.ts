import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CustomMap, LngLat } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { customer } from '../../db/schema.js';
import { customerScope } from '../../http/scope.js';
import { mapRegion, provinceCentre } from './regions.js';

/**
 * 客户分布: the customers the caller sees, per province of their region (whatever its level), most first. The
 * vendor's own record is no customer; a customer without a region, or with one the map does not know, is left
 * out. One query, grouped by region; the regions are folded into provinces here.
 */
export async function customMap(db: Db, req: FastifyRequest): Promise<CustomMap> {
  const rows = await db
    .select({ area_id: customer.area_id, n: count() })
    .from(customer)
    .where(and(eq(customer.is_vendor, false), ne(customer.area_id, 0), customerScope(req.user, customer.id)))
    .groupBy(customer.area_id);
  const counts = new Map<string, number>();
  const geo: Record<string, LngLat> = {};
  for (const { area_id, n } of rows) {
    const region = mapRegion(area_id);
    if (!region) continue;
    counts.set(region.province, (counts.get(region.province) ?? 0) + n);
    geo[region.province] ??= provinceCentre(region.province) ?? region.centre;
  }
  const data = [...counts].map(([name, value]) => ({ name, value })).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh'));
  return { data, geo };
}
