import { type SQL, sql } from 'drizzle-orm';

/**
 * What a box shows besides its own columns — company and type names, tags, machine tool counts — read in the
 * same query as the boxes (each subquery runs only for the page's boxes, on their indexes). The subqueries
 * name the outer table in full: the ORM writes a lone column unqualified, which inside a subquery would mean
 * the subquery's own column.
 */
export const deviceDerived: Readonly<Record<string, SQL>> = {
  company_name: sql<string | null>`(select c.company_name from customer c where c.id = device.customer_id)`,
  goods_name: sql<string | null>`(select g.name from goods g where g.id = device.goods_id)`,
  tags: sql<{ id: number; name: string; color: string }[]>`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.id)
    from device_tag_link l join device_tag t on t.id = l.tag_id where l.device_id = device.id), '[]'::json)`,
  machine_count: sql<number>`(select count(*)::int from machine_tool m where m.device_id = device.id)`,
  // 已授权 while a licence not revoked is in force, 已过期 when only expired ones are left, else 未授权
  license_state: sql<string>`(case
    when exists (select 1 from license l where l.device_id = device.id and l.revoked_at is null and l.nbf <= now() and l.exp > now()) then 'licensed'
    when exists (select 1 from license l where l.device_id = device.id and l.revoked_at is null and l.exp <= now()) then 'expired'
    else 'none' end)`,
};
