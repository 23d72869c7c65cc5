import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MACHINE_MENU,
  type MachineOee,
  type OeeFigures,
  type Shift,
  envelopeSchema,
  idParamSchema,
  machineDayQuerySchema,
  machineOeePath,
  machineOeeSchema,
  machineToolResource,
  shiftSpan,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { machineScrap } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { queryRows } from '../../db/rows.js';
import { zoneInstant } from '../../lib/platform-zone.js';
import { type Day, at, dayOf, epochMs, machineSince, partsChain, scopedMachine, statePeriods } from './history.js';
import { effectivePlan, machinePlanOf, machinePlanRoutes } from './plan.js';

const MINUTE_MS = 60_000;
/** Ratios go out to four decimals (a hundredth of a percent): enough for any screen, and stable to compare. */
const round = (ratio: number) => Math.round(ratio * 10_000) / 10_000;

/**
 * OEE of a stretch of planned time. A ratio that would divide by zero is null, except that OEE is 0 as soon as
 * one factor is 0 (planned time with no run time, or run time with no parts, made nothing good).
 */
export function oeeFigures(planned_s: number, run_s: number, parts: number, recordedScrap: number, idealCycle: number): OeeFigures {
  const scrap = Math.min(recordedScrap, parts);
  const good = parts - scrap;
  const availability = planned_s > 0 ? Math.min(run_s / planned_s, 1) : null;
  const performance = run_s > 0 ? Math.min((idealCycle * parts) / run_s, 1) : null;
  const quality = parts > 0 ? good / parts : null;
  const oee =
    availability === 0 || performance === 0 || quality === 0
      ? 0
      : availability !== null && performance !== null && quality !== null
        ? availability * performance * quality
        : null;
  const r = (ratio: number | null) => (ratio === null ? null : round(ratio));
  return { planned_s, run_s, parts, scrap, good, availability: r(availability), performance: r(performance), quality: r(quality), oee: r(oee) };
}

/** A shift of the day: its scheduled [start, end), and `until`, how far it has gone by now (start when not begun). */
interface ShiftWindow {
  shift: Shift;
  start: Date;
  end: Date;
  until: Date;
}

/** The day's shifts as instants: each belongs to the day it starts on, so a night shift ends on the next. */
export function shiftWindows(day: Day, shifts: Shift[], now: Date): ShiftWindow[] {
  return shifts.map((shift) => {
    const { start: minute, minutes } = shiftSpan(shift);
    // wall-clock times of the platform's zone: a shift starting at 08:00 starts at 08:00 on a daylight-saving day too
    const start = zoneInstant(day.date, minute * MINUTE_MS);
    const end = zoneInstant(day.date, (minute + minutes) * MINUTE_MS);
    const until = new Date(Math.min(Math.max(now.getTime(), start.getTime()), end.getTime()));
    return { shift, start, end, until };
  });
}

/**
 * A shift's planned seconds: from its start, or from when the machine tool came into being if later (no time
 * before a machine tool existed is planned), up to how far the shift has gone; never below 0.
 */
export const plannedSeconds = (w: ShiftWindow, sinceMs: number) => Math.max(w.until.getTime() - Math.max(w.start.getTime(), sinceMs), 0) / 1000;

/**
 * OEE of a machine tool's day, per shift and for all shifts together. Two queries whatever the day holds: the
 * plan (which also checks the caller sees the machine tool), then run time, parts and scrap of every shift
 * at once, from the state log clipped to each shift and the counter chain split at the shifts' bounds, and when
 * the machine tool came into being, where its planned time starts.
 */
export async function machineOee(db: Db, req: FastifyRequest, id: number, day: Day, now: Date): Promise<MachineOee | null> {
  const plan = await machinePlanOf(db, req, id);
  if (!plan) return null;
  const { shifts, ideal_cycle_s } = effectivePlan(plan);
  const windows = shiftWindows(day, shifts, now);
  const from = at(new Date(Math.min(...windows.map((w) => w.start.getTime()))));
  const until = at(new Date(Math.max(...windows.map((w) => w.until.getTime()))));
  const values = sql.join(
    windows.map((w) => sql`(${w.shift.name}::text, ${at(w.start)}, ${at(w.until)})`),
    sql`, `,
  );
  const machine = sql`(select id from m)`;
  const rows = await queryRows<{ name: string; since: number; run_s: number; parts: number; scrap: number }>(
    db,
    sql`with m as (${scopedMachine(req, id)}),
      w(name, s, e) as (values ${values}),
      periods as (${statePeriods(machine, from, until)}),
      chain as (${partsChain(machine, from, until)}),
      run as (
        select w.name, sum(extract(epoch from least(p.e, w.e) - greatest(p.s, w.s)))::float8 as run_s
        from w join periods p on p.state = 'running' and p.s < w.e and p.e > w.s group by w.name
      ),
      made as (select w.name, sum(c.added)::float8 as parts from w join chain c on c.ts >= w.s and c.ts < w.e group by w.name)
    select w.name, ${epochMs(machineSince(sql`m.id`))} as since, coalesce(run.run_s, 0) as run_s, coalesce(made.parts, 0)::float8 as parts, coalesce(sc.count, 0) as scrap
    from m cross join w
      left join run on run.name = w.name
      left join made on made.name = w.name
      left join ${machineScrap} sc on sc.machine_tool_id = m.id and sc.day = ${day.date}::date and sc.shift = w.name`,
  );
  if (!rows.length) return null;
  const byName = new Map(rows.map((row) => [row.name, row]));
  const since = rows[0].since;
  const perShift = windows.map((w) => {
    const row = byName.get(w.shift.name);
    const planned_s = plannedSeconds(w, since);
    const figures = oeeFigures(planned_s, row?.run_s ?? 0, row?.parts ?? 0, row?.scrap ?? 0, ideal_cycle_s);
    return { name: w.shift.name, start: w.start.toISOString(), end: w.end.toISOString(), ...figures };
  });
  const sum = (pick: (f: OeeFigures) => number) => perShift.reduce((total, f) => total + pick(f), 0);
  const whole = oeeFigures(
    sum((f) => f.planned_s),
    sum((f) => f.run_s),
    sum((f) => f.parts),
    sum((f) => f.scrap),
    ideal_cycle_s,
  );
  return { date: day.date, ideal_cycle_s, shifts: perShift, day: whole };
}

/** OEE (GET /device/machine/{id}/oee?date) and its settings, for whoever may query 机床 in their scope. */
export function machineOeeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    machineOeePath(':id', 'oee'),
    {
      config: { access: { menu: MACHINE_MENU, action: 'query' } },
      schema: {
        tags: [machineToolResource.title],
        summary:
          '机床 OEE (平台时区一天的各班次及全天: 开动率=运行÷计划, 性能=理想节拍×产量÷运行 (最高 100%), 合格率=(产量−报废)÷产量; 班次属于其开始的那天; 未开始的班次计划时间为 0, 比率为 null; 机床创建 (或首次上报, 取较早者) 之前的时间不计入计划)',
        params: idParamSchema,
        querystring: machineDayQuerySchema,
        response: { 200: envelopeSchema(machineOeeSchema) },
      },
    },
    async (req) => {
      const now = clock.now();
      const answer = await machineOee(db, req, req.params.id, dayOf(req.query.date, now), now);
      if (answer === null) throw notFound(machineToolResource.title);
      return ok(answer);
    },
  );
  machinePlanRoutes(app, deps);
}
