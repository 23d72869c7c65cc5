import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CNC_COUNTER_MAX,
  MACHINE_MENU,
  MACHINE_STATES,
  type MachineParts,
  type MachineState,
  type MachineTimeline,
  envelopeSchema,
  idParamSchema,
  machineDayQuerySchema,
  machineHistoryPath,
  machinePartsSchema,
  machineTimelineSchema,
  machineToolResource,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { machineStateLog, machineTool } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { queryRows } from '../../db/rows.js';
import { ok } from '../../http/reply.js';
import { zoneDate, zoneDayRange, zoneInstant } from '../../lib/platform-zone.js';
import { machineScope } from './rules.js';

const HOUR_MS = 3_600_000;
const HOURS = 24;
/** A day of the platform's zone: its date, [start, end), and how far it has gone (`until`: end, or now for today). */
export interface Day {
  date: string;
  start: Date;
  end: Date;
  until: Date;
}

/** The day asked for, today when none; a day still to come is refused. */
export function dayOf(date: string | undefined, now: Date): Day {
  const today = zoneDate(now);
  const day = date ?? today;
  if (day > today) throw badRequest(`参数错误 date: ${day} 还没有到来,只能查看今天及以前的日期`);
  const [start, end] = zoneDayRange(day);
  return { date: day, start, end, until: end < now ? end : now };
}

export const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
export const epochMs = (column: SQL) => sql`round(extract(epoch from ${column}) * 1000)::float8`;

/** The id of the machine tool asked for when the caller sees it, as a subquery: none answers 404. */
export const scopedMachine = (req: FastifyRequest, id: number) => sql`select ${machineTool.id} from ${machineTool} where ${and(eq(machineTool.id, id), machineScope(req))}`;

/**
 * When a machine tool's figures begin (`machine`: an SQL expression for its id): its creation, or its first
 * recorded state when that is earlier (a box that reported before its machine tool was added in the console, or
 * history brought in through the ingest, is its real past). Before that the machine tool did not exist for the
 * platform, so none of that time is planned, 离线 or anything else: a machine tool created at 14:00 that has run
 * since has run all of its day. The earliest rather than the creation alone, so that no recorded state is ever
 * cut off its timeline.
 */
export const machineSince = (machine: SQL) =>
  sql`(select least(mt.created_at, (select min(l.started_at) from ${machineStateLog} l where l.machine_tool_id = mt.id)) from ${machineTool} mt where mt.id = ${machine})`;

/**
 * The logged state periods of a machine tool (`machine`: an SQL expression for its id) clipped to [from, until)
 * as rows (state, s, e): an open one runs until `until`, none runs past the next one's start, empty ones dropped.
 */
export const statePeriods = (machine: SQL, from: SQL, until: SQL) => {
  const log = machineStateLog;
  return sql`select state, s, e from (
      select state, s, least(e, coalesce(lead(s) over (order by s), e)) as e from (
        select ${log.state} as state, greatest(${log.started_at}, ${from}) as s, least(coalesce(${log.ended_at}, ${until}), ${until}) as e
        from ${log}
        where ${log.machine_tool_id} = ${machine} and ${log.started_at} < ${until} and (${log.ended_at} is null or ${log.ended_at} > ${from})
      ) logged
    ) periods where e > s`;
};

/**
 * The day's state bands in one query, from when the machine tool came into being (`machineSince`) or the day's
 * start if later: the logged periods clipped to that (an open one running until now or the day's end, and none
 * running past the next one's start), the stretches between them 离线, then neighbours of one state merged. No
 * row: the machine tool is not the caller's.
 */
export async function machineTimeline(db: Db, req: FastifyRequest, id: number, day: Day): Promise<MachineTimeline | null> {
  const until = at(day.until);
  const from = sql`(select since from f)`;
  const rows = await queryRows<{ since: number; state: MachineState | null; s: number | null; e: number | null }>(
    db,
    sql`with m as (${scopedMachine(req, id)}),
      f as (select least(greatest(${machineSince(sql`m.id`)}, ${at(day.start)}), ${until}) as since from m),
      kept as (${statePeriods(sql`(select id from m)`, from, until)}),
      filled as (
        select state, s, e from kept
        union all select 'offline', coalesce(lag(e) over (order by s), ${from}), s from kept
        union all select 'offline', coalesce(max(e), ${from}), ${until} from kept
      ),
      marked as (select state, s, e, case when state = lag(state) over (order by s) then 0 else 1 end as starts from filled where e > s),
      numbered as (select state, s, e, sum(starts) over (order by s) as band from marked),
      bands as (select state, min(s) as s, max(e) as e from numbered group by band, state)
    select ${epochMs(from)} as since, b.state, ${epochMs(sql`b.s`)} as s, ${epochMs(sql`b.e`)} as e from m left join bands b on true order by b.s`,
  );
  if (!rows.length) return null;
  const totals = Object.fromEntries(MACHINE_STATES.map((s) => [s, 0])) as Record<MachineState, number>;
  const bands = rows.flatMap(({ state, s, e }) => {
    if (state === null || s === null || e === null) return [];
    totals[state] += (e - s) / 1000;
    return [{ state, start: new Date(s).toISOString(), end: new Date(e).toISOString() }];
  });
  return { date: day.date, start: day.start.toISOString(), since: new Date(rows[0].since).toISOString(), end: day.until.toISOString(), bands, totals };
}

/**
 * A reading's part counter in the domain the ingest keeps (cncCounter: an integer 0…CNC_COUNTER_MAX, as a number
 * or a string of digits), as a lateral subquery `n`: no row when the reading has none or one outside it (stored
 * before the ingest refused them), so joining it skips those and an old wild counter adds nothing to a day.
 */
export const counterOf = (values: SQL) => sql`(select x::bigint as n from (select case jsonb_typeof(${values} -> 'cnc_products')
    when 'number' then (${values} ->> 'cnc_products')::numeric
    when 'string' then case when (${values} ->> 'cnc_products') ~ '^\\s*[0-9]{1,10}\\s*$' then (${values} ->> 'cnc_products')::numeric end
  end as x) v where x is not null and x = trunc(x) and x between 0 and ${CNC_COUNTER_MAX})`;

/**
 * A machine tool's counter readings in [from, end) as rows (ts, added), chained from the last reading before
 * `from`, each adding what the ingest adds: an increase its difference, a drop the new count (the counter was
 * reset), the first reading ever nothing.
 */
export const partsChain = (machine: SQL, from: SQL, end: SQL) => {
  const counter = counterOf(sql`t."values"`);
  return sql`select ts, case when prev is null then 0 when n >= prev then n - prev else n end as added from (
      select ts, n, lag(n) over (order by ts) as prev from (
        (select t.ts, c.n from telemetry t cross join lateral ${counter} c
          where t.machine_tool_id = ${machine} and t.ts >= ${from} and t.ts < ${end})
        union all
        (select t.ts, c.n from telemetry t cross join lateral ${counter} c
          where t.machine_tool_id = ${machine} and t.ts < ${from} order by t.ts desc limit 1)
      ) readings
    ) chain where ts >= ${from}`;
};

/**
 * The day's 24 hours of the wall clock as SQL rows (hour, start, end): on a day daylight saving starts the
 * skipped hour is empty, on the day it ends the repeated hour holds both.
 */
const hourBounds = (day: Day) => {
  const starts = Array.from({ length: HOURS }, (_, hour) => zoneInstant(day.date, hour * HOUR_MS));
  return sql.join(
    starts.map((start, hour) => sql`(${hour}::int, ${at(start)}, ${at(starts[hour + 1] ?? day.end)})`),
    sql`, `,
  );
};

/** Parts made in each hour of the day in one query (see `partsChain`). No row: the machine tool is not the caller's. */
export async function machineParts(db: Db, req: FastifyRequest, id: number, day: Day): Promise<MachineParts | null> {
  const [from, end] = [at(day.start), at(day.end)];
  const rows = await queryRows<{ hour: number | null; parts: number | null }>(
    db,
    sql`with m as (${scopedMachine(req, id)}),
      bounds(hour, s, e) as (values ${hourBounds(day)}),
      hours as (
        select b.hour, sum(added)::float8 as parts
        from (${partsChain(sql`(select id from m)`, from, end)}) chain join bounds b on chain.ts >= b.s and chain.ts < b.e group by 1
      )
    select h.hour, h.parts from m left join hours h on true`,
  );
  if (!rows.length) return null;
  const hours = new Array<number>(HOURS).fill(0);
  for (const { hour, parts } of rows) if (hour !== null && parts !== null) hours[hour] = parts;
  return { date: day.date, hours, total: hours.reduce((sum, n) => sum + n, 0) };
}

/**
 * 机床详情's history (GET /device/machine/{id}/timeline, /parts; the alarms are alarms.ts') for whoever may query 机床; a machine
 * tool outside the caller's scope answers as a missing one. "Today" is the server clock's, in the platform's zone.
 */
export function machineHistoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [machineToolResource.title];
  const access = { menu: MACHINE_MENU, action: 'query' } as const;
  const found = <T>(answer: T | null): T => {
    if (answer === null) throw notFound(machineToolResource.title);
    return answer;
  };

  typed.get(
    machineHistoryPath(':id', 'timeline'),
    {
      config: { access },
      schema: {
        tags,
        summary: '机床状态时间线 (平台时区一天内的运行/空闲/报警/离线区间, 相邻同状态合并; totals 为各状态秒数)',
        params: idParamSchema,
        querystring: machineDayQuerySchema,
        response: { 200: envelopeSchema(machineTimelineSchema) },
      },
    },
    async (req) => ok(found(await machineTimeline(db, req, req.params.id, dayOf(req.query.date, clock.now())))),
  );

  typed.get(
    machineHistoryPath(':id', 'parts'),
    {
      config: { access },
      schema: {
        tags,
        summary: '机床每小时产量 (平台时区一天 24 小时, 按 cnc_products 计数器; 计数器变小视为清零)',
        params: idParamSchema,
        querystring: machineDayQuerySchema,
        response: { 200: envelopeSchema(machinePartsSchema) },
      },
    },
    async (req) => ok(found(await machineParts(db, req, req.params.id, dayOf(req.query.date, clock.now())))),
  );
}
