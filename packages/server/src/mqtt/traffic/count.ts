import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { zoneDate } from '../../lib/platform-zone.js';
import { queryRows } from '../../db/rows.js';

const DAY_MS = 86_400_000;

/** One `traffic` report as counted: the box's cumulative counters since its boot, and when they were read. */
export interface TrafficReport {
  gatewayId: string;
  tx: number;
  rx: number;
  /** The box's own time (ms). */
  ts: number;
}

/** What became of a report: counted, of no box (deleted since it connected), or older than the counters kept. */
export type TrafficOutcome = 'counted' | 'unknown_box' | 'stale';

/**
 * How far behind the server's clock a report's time is still taken as the box's: a box that lost its link keeps
 * its reports and delivers them late, in order, and their bytes belong to the days they were counted on.
 */
const LATE_MS = 30 * DAY_MS;

/**
 * The instant a report is booked at: the box's time, unless its clock is more than a day ahead of the server's or
 * more than LATE_MS behind it (a box that lost its time after a power cut reports 1970), then the server's.
 */
export function bookedAt(ts: number, now: Date): Date {
  const offset = ts - now.getTime();
  return offset > DAY_MS || offset < -LATE_MS ? now : new Date(ts);
}

/**
 * Adds one report to the box's day in one transaction: the last counters are read locked, their difference is
 * added to the platform-zone day of the report — the new counters themselves when there were none (bytes since
 * boot) or when either went down (the box restarted and counts from 0 again) — and they are replaced. A report
 * older than the counters kept (two nodes, or a late QoS 0 copy) changes nothing, so it cannot pass for a
 * restart. The lock keeps two nodes taking one box's reports in turn from counting a difference twice.
 */
export async function countTraffic(db: Db, report: TrafficReport, now: Date): Promise<TrafficOutcome> {
  const at = bookedAt(report.ts, now);
  return db.transaction(async (tx) => {
    const [box] = await queryRows<{ id: number; tx: number | null; rx: number | null; ts: number | null }>(
      tx,
      sql`select d.id, c.tx::float8 as tx, c.rx::float8 as rx, (extract(epoch from c.ts) * 1000)::float8 as ts from device d
        left join lateral (select tx, rx, ts from device_traffic_counter where device_id = d.id for update) c on true
        where d.gateway_id = ${report.gatewayId}`,
    );
    if (!box) return 'unknown_box';
    if (box.ts !== null && box.ts > at.getTime()) return 'stale';
    const restarted = box.tx === null || box.rx === null || report.tx < box.tx || report.rx < box.rx;
    const up = restarted ? report.tx : report.tx - box.tx!;
    const down = restarted ? report.rx : report.rx - box.rx!;
    const [upBytes, downBytes] = [sql`${up}::bigint`, sql`${down}::bigint`];
    await tx.execute(
      sql`with counter as (
          insert into device_traffic_counter as c (device_id, tx, rx, ts) values (${box.id}, ${report.tx}::bigint, ${report.rx}::bigint, ${at.toISOString()}::timestamptz)
          on conflict (device_id) do update set tx = excluded.tx, rx = excluded.rx, ts = excluded.ts
        )
        insert into device_traffic as t (device_id, day, up_bytes, down_bytes)
        select ${box.id}, ${zoneDate(at)}::date, ${upBytes}, ${downBytes} where ${upBytes} > 0 or ${downBytes} > 0
        on conflict (device_id, day) do update set up_bytes = t.up_bytes + excluded.up_bytes, down_bytes = t.down_bytes + excluded.down_bytes`,
    );
    return 'counted';
  });
}
