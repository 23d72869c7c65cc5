import { sql } from 'drizzle-orm';
import { CNC_COUNTER_MAX } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { addDays, zoneDate, zoneDayRange } from '../../lib/platform-zone.js';
import { at, counterOf } from './history.js';

/** The name of the once-only job in `pending_job` that migration 0025 adds. */
export const MACHINE_DAY_BACKFILL = 'machine_day_backfill';

/**
 * The finished days the ingest never kept, because they ended before `machine_day` existed, filled once from what
 * is stored: each machine tool's running seconds from its state periods (each clipped to the day and to the next
 * period's start, an open one running until `now`) and its parts from its counter readings chained as the ingest
 * chains them (an increase adds the difference, a drop the new count; telemetry's retention bounds how far back
 * parts go). Days are the platform zone's. Only days before a machine tool's first kept day and before the day
 * its latest row still holds are written — those the ingest has not and never will — and only days with
 * something in them, as the ingest writes them. Runs in one transaction with the deletion of the job's
 * `pending_job` row: once, on one node, again at the next start if it failed. The days written, 0 when the job
 * had already run.
 */
export async function backfillMachineDays(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ name: string }>(tx, sql`delete from pending_job where name = ${MACHINE_DAY_BACKFILL} returning name`);
    if (!due.length) return 0;
    const [first] = await queryRows<{ at: string | null }>(
      tx,
      sql`select least((select min(started_at) from machine_state_log), (select min(ts) from telemetry))::text as at`,
    );
    const today = zoneDate(now);
    if (!first.at) return 0;
    const days: { day: string; s: Date; e: Date }[] = [];
    for (let day = zoneDate(new Date(first.at)); day < today; day = addDays(day, 1)) {
      const [s, e] = zoneDayRange(day);
      days.push({ day, s, e });
    }
    if (!days.length) return 0;
    const written = await queryRows<{ machine_tool_id: number }>(
      tx,
      sql`with
        d as (select * from jsonb_to_recordset(${JSON.stringify(days)}::jsonb) as d(day date, s timestamptz, e timestamptz)),
        m as (select t.id, least(l.day, (select min(x.day) from machine_day x where x.machine_tool_id = t.id), ${today}::date) as upto
          from machine_tool t left join machine_latest l on l.machine_tool_id = t.id),
        periods as (select machine_tool_id, state, started_at as s,
            least(coalesce(ended_at, ${at(now)}), coalesce(lead(started_at) over (partition by machine_tool_id order by started_at), ${at(now)})) as e
          from machine_state_log),
        runs as (select p.machine_tool_id, d.day, sum(date_part('epoch', least(p.e, d.e) - greatest(p.s, d.s)))::float8 as run_s
          from periods p join d on p.s < d.e and p.e > d.s where p.state = 'running' group by p.machine_tool_id, d.day),
        chain as (select t.machine_tool_id, t.ts, c.n, lag(c.n) over (partition by t.machine_tool_id order by t.ts) as prev
          from telemetry t cross join lateral ${counterOf(sql`t."values"`)} c),
        parts as (select c.machine_tool_id, d.day, sum(case when c.prev is null then 0 when c.n >= c.prev then c.n - c.prev else c.n end) as parts
          from chain c join d on c.ts >= d.s and c.ts < d.e group by c.machine_tool_id, d.day),
        filled as (select coalesce(r.machine_tool_id, p.machine_tool_id) as machine_tool_id, coalesce(r.day, p.day) as day,
            least(coalesce(p.parts, 0), ${CNC_COUNTER_MAX})::int as parts, coalesce(r.run_s, 0) as run_s
          from runs r full join parts p on p.machine_tool_id = r.machine_tool_id and p.day = r.day)
      insert into machine_day (machine_tool_id, day, parts, run_s)
        select f.machine_tool_id, f.day, f.parts, f.run_s from filled f join m on m.id = f.machine_tool_id
        where f.day < m.upto and (f.parts > 0 or f.run_s > 0)
      on conflict (machine_tool_id, day) do nothing
      returning machine_tool_id`,
    );
    return written.length;
  });
}
