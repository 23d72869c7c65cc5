import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TrafficCustomer, TrafficCustomerQuery, TrafficDaily } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { customerScope, customerSubtree } from '../../http/scope.js';
import { queryRows } from '../../db/rows.js';
import type { DayRange } from './period.js';

/**
 * Each company's boxes of the caller's scope (under `customer_id` when given) added up over the days, most
 * first, the first `limit`; a company counts the boxes it holds itself, not those of the companies below it.
 */
export async function trafficByCustomer(db: Db, req: FastifyRequest, days: DayRange, q: TrafficCustomerQuery): Promise<TrafficCustomer[]> {
  const where = and(customerScope(req.user, device.customer_id), q.customer_id ? sql`${device.customer_id} in (${customerSubtree(q.customer_id)})` : undefined);
  return queryRows<TrafficCustomer>(
    db,
    sql`select cu.id as customer_id, cu.company_name as customer_name, count(*)::int as box_count,
        coalesce(sum(m.up), 0)::float8 as up_bytes, coalesce(sum(m.down), 0)::float8 as down_bytes,
        coalesce(sum(m.up + m.down), 0)::float8 as total_bytes
      from device
      join customer cu on cu.id = device.customer_id
      left join (
        select device_id, sum(up_bytes) as up, sum(down_bytes) as down from device_traffic
        where day >= ${days.start}::date and day < ${days.end}::date group by device_id
      ) m on m.device_id = device.id
      ${where ? sql`where ${where}` : sql``}
      group by cu.id, cu.company_name
      order by total_bytes desc, cu.id
      limit ${q.limit}`,
  );
}

/** One box's days, each day of the range one row (0 without traffic); null when the box is not the caller's. */
export async function trafficDaily(db: Db, req: FastifyRequest, id: number, days: DayRange & { last: string }): Promise<TrafficDaily | null> {
  const rows = await queryRows<{ gateway_id: string; name: string; day: string; up: number; down: number }>(
    db,
    sql`with box as (select id, gateway_id, name from device where ${and(eq(device.id, id), customerScope(req.user, device.customer_id))}),
      days as (select d::date as day from generate_series(${days.start}::date, ${days.last}::date, interval '1 day') d)
    select box.gateway_id, box.name, to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(t.up_bytes, 0)::float8 as up, coalesce(t.down_bytes, 0)::float8 as down
    from box cross join days left join device_traffic t on t.device_id = box.id and t.day = days.day
    order by days.day`,
  );
  if (!rows.length) return null;
  return {
    device_id: id,
    gateway_id: rows[0].gateway_id,
    name: rows[0].name,
    start: days.start,
    end: days.last,
    days: rows.map((r) => ({ day: r.day, up_bytes: r.up, down_bytes: r.down })),
    up_bytes: rows.reduce((sum, r) => sum + r.up, 0),
    down_bytes: rows.reduce((sum, r) => sum + r.down, 0),
  };
}
