import { sql } from 'drizzle-orm';
import { doublePrecision, pgTable } from 'drizzle-orm/pg-core';
import { MB_BYTES, type TrafficBox } from '@gw/contracts';
import type { Clock } from '../../lib/clock.js';
import type { ListReader, SheetColumn } from '../../http/resource/types.js';
import { queryRows } from '../../db/rows.js';
import { monthRange } from './period.js';

/**
 * The month's sums the list joins beside each box (a lateral subquery named traffic_month), described as a
 * table so the machine's sort resolves `total_bytes` and the others to columns. It is never stored.
 */
export const trafficMonth = pgTable('traffic_month', {
  up_bytes: doublePrecision('up_bytes'),
  down_bytes: doublePrecision('down_bytes'),
  total_bytes: doublePrecision('total_bytes'),
});

/** The box's plan (its own, else the default) is exceeded: the list's `over=yes`. */
export const OVER = sql`(plan.monthly_mb is not null and traffic_month.total_bytes > plan.monthly_mb::float8 * ${MB_BYTES})`;

/** Each box with its month's sums, its plan and its company; `where` and `order` name device and traffic_month. */
const fromBoxes = (start: string, end: string) => sql`from device
  cross join lateral (
    select coalesce(sum(t.up_bytes), 0)::float8 as up_bytes, coalesce(sum(t.down_bytes), 0)::float8 as down_bytes,
      coalesce(sum(t.up_bytes + t.down_bytes), 0)::float8 as total_bytes
    from device_traffic t where t.device_id = device.id and t.day >= ${start}::date and t.day < ${end}::date
  ) traffic_month
  left join traffic_plan_box pb on pb.device_id = device.id
  left join traffic_plan plan on plan.id = coalesce(pb.plan_id, (select id from traffic_plan where is_default))
  left join customer cu on cu.id = device.customer_id`;

type Answered = Omit<TrafficBox, 'over' | 'ratio'>;

/** A box's row as the list answers it: whether it is over its plan, and how much of it it used. */
export function trafficItem(row: Answered): TrafficBox {
  const allowance = row.plan_mb === null ? null : row.plan_mb * MB_BYTES;
  return { ...row, over: allowance !== null && row.total_bytes > allowance, ratio: allowance ? row.total_bytes / allowance : null };
}

/**
 * 设备流量's list: the boxes of the list's condition with their traffic in the month asked for (this month by
 * the server clock when none), a page and the count, one query each.
 */
export function trafficReader(clock: Clock): ListReader {
  return {
    async read(db, { where, order, filters, limit, offset }) {
      const { start, end } = monthRange(filters.month, clock.now());
      const from = fromBoxes(start, end);
      const filter = where ? sql` where ${where}` : sql``;
      const [rows, [{ count }]] = await Promise.all([
        queryRows<Answered>(
          db,
          sql`select device.id as device_id, device.gateway_id, device.name, device.customer_id, cu.company_name as customer_name,
            traffic_month.up_bytes, traffic_month.down_bytes, traffic_month.total_bytes,
            plan.id as plan_id, plan.name as plan_name, plan.monthly_mb as plan_mb
          ${from}${filter} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
        ),
        // only over=yes needs the sums to count; otherwise the boxes' own condition does
        queryRows<{ count: number }>(db, sql`select count(*)::int as count ${filters.over === 'yes' ? from : sql`from device`}${filter}`),
      ]);
      return { items: rows.map(trafficItem), count };
    },
  };
}

/** Bytes as MB with two decimals, as a sheet shows them. */
const mb = (bytes: number) => Math.round((bytes / MB_BYTES) * 100) / 100;

/** The export's columns: traffic in MB, the share of the plan in per cent. */
export const trafficSheet: readonly SheetColumn<TrafficBox>[] = [
  { key: 'gateway_id', width: 20 },
  { key: 'name', width: 20 },
  { key: 'customer_name', width: 24 },
  { key: 'up_bytes', title: '上行(MB)', value: (r) => mb(r.up_bytes) },
  { key: 'down_bytes', title: '下行(MB)', value: (r) => mb(r.down_bytes) },
  { key: 'total_bytes', title: '合计(MB)', value: (r) => mb(r.total_bytes) },
  { key: 'plan_name', width: 16 },
  { key: 'plan_mb' },
  { key: 'ratio', title: '套餐用量(%)', value: (r) => (r.ratio === null ? '' : Math.round(r.ratio * 1000) / 10) },
  { key: 'over', value: (r) => (r.over ? '是' : '否') },
];
