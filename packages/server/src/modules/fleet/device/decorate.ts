import { count, eq, inArray } from 'drizzle-orm';
import { customer, deviceTag, deviceTagLink, goods, machineTool } from '../../../db/schema.js';
import type { ResourceContext, Row } from '../../../http/resource/types.js';

/** Distinct numeric values of one field over a page of rows. */
const idsOf = (rows: Row[], key: string) => [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))];

/**
 * What a page of boxes shows besides its own columns: company and type names, tags and machine tool counts,
 * with one query each for the whole page.
 */
export async function decorateDevices(rows: Row[], { db }: ResourceContext): Promise<Row[]> {
  const ids = idsOf(rows, 'id');
  const companyIds = idsOf(rows, 'customer_id');
  const goodsIds = idsOf(rows, 'goods_id');
  const [companies, types, tags, machines] = await Promise.all([
    companyIds.length ? db.select({ id: customer.id, name: customer.company_name }).from(customer).where(inArray(customer.id, companyIds)) : [],
    goodsIds.length ? db.select({ id: goods.id, name: goods.name }).from(goods).where(inArray(goods.id, goodsIds)) : [],
    db
      .select({ device_id: deviceTagLink.device_id, id: deviceTag.id, name: deviceTag.name, color: deviceTag.color })
      .from(deviceTagLink)
      .innerJoin(deviceTag, eq(deviceTag.id, deviceTagLink.tag_id))
      .where(inArray(deviceTagLink.device_id, ids)),
    db
      .select({ device_id: machineTool.device_id, n: count() })
      .from(machineTool)
      .where(inArray(machineTool.device_id, ids))
      .groupBy(machineTool.device_id),
  ]);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const goodsName = new Map(types.map((g) => [g.id, g.name]));
  const machineCount = new Map(machines.map((m) => [m.device_id, m.n]));
  const tagsOf = new Map<number, { id: number; name: string; color: string }[]>();
  for (const { device_id, ...tag } of tags) tagsOf.set(device_id, [...(tagsOf.get(device_id) ?? []), tag]);
  return rows.map((r) => ({
    ...r,
    company_name: companyName.get(r.customer_id as number) ?? null,
    goods_name: goodsName.get(r.goods_id as number) ?? null,
    tags: (tagsOf.get(r.id as number) ?? []).sort((a, b) => a.id - b.id),
    machine_count: machineCount.get(r.id as number) ?? 0,
    // no licence exists yet: every box shows 未授权 until licences are issued
    license_state: 'none',
  }));
}
