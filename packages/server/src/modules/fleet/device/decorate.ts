import { inArray, sql } from 'drizzle-orm';
import { device } from '../../../db/schema.js';
import type { ResourceContext, Row } from '../../../http/resource/types.js';

type Extra = { id: number; company_name: string | null; goods_name: string | null; tags: { id: number; name: string; color: string }[]; machine_count: number };

/**
 * What a page of boxes shows besides its own columns — company and type names, tags, machine tool counts —
 * in one query for the whole page (each subquery runs only for the page's boxes, on their indexes). The
 * subqueries name the outer table in full: the ORM writes a lone column unqualified, which inside a subquery
 * would mean the subquery's own column.
 */
export async function decorateDevices(rows: Row[], { db }: ResourceContext): Promise<Row[]> {
  const ids = rows.map((r) => r.id as number);
  const extras = await db
    .select({
      id: device.id,
      company_name: sql<string | null>`(select c.company_name from customer c where c.id = device.customer_id)`,
      goods_name: sql<string | null>`(select g.name from goods g where g.id = device.goods_id)`,
      tags: sql<Extra['tags']>`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.id)
        from device_tag_link l join device_tag t on t.id = l.tag_id where l.device_id = device.id), '[]'::json)`,
      machine_count: sql<number>`(select count(*)::int from machine_tool m where m.device_id = device.id)`,
    })
    .from(device)
    .where(inArray(device.id, ids));
  const byId = new Map<number, Extra>(extras.map((e) => [e.id, e]));
  return rows.map((r) => {
    const { company_name = null, goods_name = null, tags = [], machine_count = 0 } = byId.get(r.id as number) ?? {};
    // no licence exists yet: every box shows 未授权 until licences are issued
    return { ...r, company_name, goods_name, tags, machine_count, license_state: 'none' };
  });
}
