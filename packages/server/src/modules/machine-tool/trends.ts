import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { MachineTrendDay, MachineTrends } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { device, machineAlarm, machineDay, machineTool } from '../../db/schema.js';
import { customerScope } from '../../http/scope.js';
import { addDays, zoneDate, zoneDayRange } from '../../lib/platform-zone.js';
import { at, machineSince } from './history.js';
import { outputToday } from './output.js';

/** running seconds ÷ planned seconds, 0 before any planned second (今日产量's rule). */
const utilisation = (runS: number, plannedS: number) => (plannedS > 0 ? Math.min(1, runS / plannedS) : 0);

/**
 * 首页's trends over the last `days` days, in three queries whatever the scope: the finished days from the rows
 * the ingest closed (`machine_day`) with each day's planned time — every enabled machine tool of the scope from
 * the day's midnight, or from when it came into being (`machineSince`, looked up only for those created in the
 * window) —, the alarms started each day (今日报警's rule, today included), and today's figures as 今日产量 gives
 * them, so today's point is the cards'.
 */
export async function machineTrends(db: Db, req: FastifyRequest, now: Date, days: number): Promise<MachineTrends> {
  const today = zoneDate(now);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
  const past = dates.slice(0, -1);
  const [first] = zoneDayRange(dates[0]);
  const scope = customerScope(req.user, device.customer_id);
  const byDate = new Map<string, MachineTrendDay>(
    dates.map((date) => [date, { date, machines: 0, parts: 0, run_s: 0, planned_s: 0, utilisation: 0, alarms: 0 }]),
  );

  if (past.length) {
    const values = sql.join(
      past.map((date) => {
        const [s, e] = zoneDayRange(date);
        return sql`(${date}::date, ${at(s)}, ${at(e)})`;
      }),
      sql`, `,
    );
    const since = sql`case when ${machineTool.created_at} > ${at(first)} then ${machineSince(sql`${machineTool.id}`)} else ${machineTool.created_at} end`;
    const rows = await queryRows<{ date: string; machines: number; planned_s: number; parts: number; run_s: number }>(
      db,
      sql`with d(day, s, e) as (values ${values}),
        m as (
          select ${machineTool.id} as id, ${since} as since from ${machineTool}
          join ${device} on ${device.id} = ${machineTool.device_id}
          where ${and(eq(machineTool.enabled, true), scope)}
        ),
        planned as (
          select d.day, count(*)::int as machines, sum(date_part('epoch', d.e - greatest(m.since, d.s)))::float8 as planned_s
          from d join m on m.since < d.e group by d.day
        ),
        made as (
          select md.day, sum(md.parts)::float8 as parts, sum(md.run_s)::float8 as run_s
          from ${machineDay} md join m on m.id = md.machine_tool_id
          where md.day >= ${past[0]}::date and md.day < ${today}::date group by md.day
        )
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(p.machines, 0) as machines, coalesce(p.planned_s, 0) as planned_s,
        coalesce(x.parts, 0) as parts, coalesce(x.run_s, 0) as run_s
      from d left join planned p on p.day = d.day left join made x on x.day = d.day`,
    );
    for (const row of rows) Object.assign(byDate.get(row.date)!, { ...row, utilisation: utilisation(row.run_s, row.planned_s) });
  }

  // every day's alarms, today's too: those of the scope's machine tools that started within it (今日报警's rule)
  const alarmDays = sql.join(
    dates.map((date) => {
      const [s, e] = zoneDayRange(date);
      return sql`(${date}::text, ${at(s)}, ${at(e)})`;
    }),
    sql`, `,
  );
  const [alarms, output] = await Promise.all([
    queryRows<{ date: string; alarms: number }>(
      db,
      sql`with d(day, s, e) as (values ${alarmDays})
      select d.day as date, count(*)::int as alarms
      from d join ${machineAlarm} a on a.started_at >= d.s and a.started_at < d.e
        join ${machineTool} on ${machineTool.id} = a.machine_tool_id
        join ${device} on ${device.id} = ${machineTool.device_id}
      where ${scope ?? sql`true`}
      group by d.day`,
    ),
    outputToday(db, req, now, 1),
  ]);
  for (const row of alarms) byDate.get(row.date)!.alarms = row.alarms;
  const { machines, parts, run_s, planned_s } = output;
  Object.assign(byDate.get(today)!, { machines, parts, run_s, planned_s, utilisation: output.utilisation });
  return { days: [...byDate.values()] };
}
