import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONFIG_KEY,
  MACHINE_MENU,
  OEE_DEFAULT_IDEAL_CYCLE_S,
  OEE_DEFAULT_SHIFTS,
  type MachinePlan,
  type Shift,
  envelopeSchema,
  idParamSchema,
  idealCycleSchema,
  machineOeePath,
  machinePlanSchema,
  machinePlanWriteSchema,
  machineScrapWriteSchema,
  machineToolResource,
  shiftsSchema,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { machinePlan, machineScrap, machineTool } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { queryRows } from '../../db/rows.js';
import { dayOf, scopedMachine } from './history.js';
import { machineScope } from './rules.js';

/** The shifts and ideal cycle a machine tool's OEE is measured by: its own where set, else the defaults. */
export interface EffectivePlan {
  shifts: Shift[];
  ideal_cycle_s: number;
}

/** A stored plan of shifts when it is still valid (a hand-edited row or config item never crashes a view). */
const validShifts = (value: unknown): Shift[] | null => {
  const parsed = shiftsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const validCycle = (value: unknown): number | null => {
  const parsed = idealCycleSchema.safeParse(typeof value === 'string' && value.trim() ? Number(value) : value);
  return parsed.success ? parsed.data : null;
};
const parseJson = (text: string | null): unknown => {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * A machine tool's plan as the caller may see it, in one query: its own settings (null where unset or no
 * longer valid) and the defaults from 通用配置 (the built-in ones where those are missing or bad). Null: the
 * machine tool is not the caller's.
 */
export async function machinePlanOf(db: Db | Tx, req: FastifyRequest, id: number): Promise<MachinePlan | null> {
  const [row] = await queryRows<{ shifts: unknown; ideal_cycle_s: number | null; default_shifts: string | null; default_cycle: string | null }>(
    db,
    sql`with m as (${scopedMachine(req, id)})
      select p.shifts, p.ideal_cycle_s::float8 as ideal_cycle_s,
        (select value from config where key = ${CONFIG_KEY.oeeShifts}) as default_shifts,
        (select value from config where key = ${CONFIG_KEY.oeeIdealCycle}) as default_cycle
      from m left join ${machinePlan} p on p.machine_tool_id = m.id`,
  );
  if (!row) return null;
  const shifts = typeof row.shifts === 'string' ? parseJson(row.shifts) : row.shifts;
  return {
    shifts: validShifts(shifts),
    ideal_cycle_s: validCycle(row.ideal_cycle_s),
    defaults: {
      shifts: validShifts(parseJson(row.default_shifts)) ?? OEE_DEFAULT_SHIFTS,
      ideal_cycle_s: validCycle(row.default_cycle) ?? OEE_DEFAULT_IDEAL_CYCLE_S,
    },
  };
}

/** The plan in force: the machine tool's own settings over the defaults. */
export const effectivePlan = (plan: MachinePlan): EffectivePlan => ({
  shifts: plan.shifts ?? plan.defaults.shifts,
  ideal_cycle_s: plan.ideal_cycle_s ?? plan.defaults.ideal_cycle_s,
});

/** Locks the machine tool for a write when the caller sees it; otherwise a 404 like a missing one. */
async function lockMachine(tx: Tx, req: FastifyRequest, id: number): Promise<void> {
  const [found] = await tx.select({ id: machineTool.id }).from(machineTool).where(and(eq(machineTool.id, id), machineScope(req))).for('update');
  if (!found) throw notFound(machineToolResource.title);
}

/**
 * 计划设置 and 报废数 (GET/PUT /device/machine/{id}/plan, PUT …/scrap) on machine tools in the caller's scope.
 * Writes run in the request's transaction, which records who made them for the operation log.
 */
export function machinePlanRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [machineToolResource.title];
  const found = <T>(answer: T | null): T => {
    if (answer === null) throw notFound(machineToolResource.title);
    return answer;
  };

  typed.get(
    machineOeePath(':id', 'plan'),
    {
      config: { access: { menu: MACHINE_MENU, action: 'query' } },
      schema: {
        tags,
        summary: '机床 OEE 计划 (班次与理想节拍; null 表示使用通用配置的默认值 defaults)',
        params: idParamSchema,
        response: { 200: envelopeSchema(machinePlanSchema) },
      },
    },
    async (req) => ok(found(await machinePlanOf(db, req, req.params.id))),
  );

  typed.put(
    machineOeePath(':id', 'plan'),
    {
      config: { access: { menu: MACHINE_MENU, action: 'edit' } },
      schema: {
        tags,
        summary: '设置机床 OEE 计划 (1-4 个不重叠的班次 HH:mm, 结束早于开始为跨日; 理想节拍秒/件; null 使用默认)',
        params: idParamSchema,
        body: machinePlanWriteSchema,
        response: { 200: envelopeSchema(machinePlanSchema) },
      },
    },
    async (req) => {
      const { shifts, ideal_cycle_s } = req.body;
      const plan = await req.tx(async (tx) => {
        await lockMachine(tx, req, req.params.id);
        const target = machinePlan.machine_tool_id;
        if (shifts === null && ideal_cycle_s === null) await tx.delete(machinePlan).where(eq(target, req.params.id));
        else
          await tx
            .insert(machinePlan)
            .values({ machine_tool_id: req.params.id, shifts, ideal_cycle_s })
            .onConflictDoUpdate({ target, set: { shifts, ideal_cycle_s, updated_at: sql`now()` } });
        return machinePlanOf(tx, req, req.params.id);
      });
      return ok(found(plan), '计划已保存');
    },
  );

  typed.put(
    machineOeePath(':id', 'scrap'),
    {
      config: { access: { menu: MACHINE_MENU, action: 'edit' } },
      schema: {
        tags,
        summary: '记录机床某日某班次的报废数 (班次须为机床当前计划中的班次; 0 表示清除)',
        params: idParamSchema,
        body: machineScrapWriteSchema,
        response: { 200: envelopeSchema(machineScrapWriteSchema) },
      },
    },
    async (req) => {
      const { date, shift, count } = req.body;
      dayOf(date, clock.now());
      const answer = await req.tx(async (tx) => {
        await lockMachine(tx, req, req.params.id);
        const plan = effectivePlan(found(await machinePlanOf(tx, req, req.params.id)));
        if (!plan.shifts.some((s) => s.name === shift)) {
          throw badRequest(`参数错误 shift: 机床的班次中没有「${shift}」,应为 ${plan.shifts.map((s) => s.name).join('、')} 之一`);
        }
        const key = and(eq(machineScrap.machine_tool_id, req.params.id), eq(machineScrap.day, date), eq(machineScrap.shift, shift));
        if (count === 0) await tx.delete(machineScrap).where(key);
        else
          await tx
            .insert(machineScrap)
            .values({ machine_tool_id: req.params.id, day: date, shift, count })
            .onConflictDoUpdate({ target: [machineScrap.machine_tool_id, machineScrap.day, machineScrap.shift], set: { count, updated_at: sql`now()` } });
        return { date, shift, count };
      });
      return ok(answer, '报废数已保存');
    },
  );
}
