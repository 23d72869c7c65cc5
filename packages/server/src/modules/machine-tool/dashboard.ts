import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MACHINE_ALARMS_TODAY_PATH,
  MACHINE_MENU,
  MACHINE_OUTPUT_TODAY_PATH,
  MACHINE_STATES_PATH,
  MACHINE_TRENDS_PATH,
  type MachineStateCounts,
  type TodayAlarms,
  envelopeSchema,
  machineStateCountsSchema,
  machineToolResource,
  machineTrendsQuerySchema,
  machineTrendsSchema,
  outputTodayQuerySchema,
  outputTodaySchema,
  todayAlarmsQuerySchema,
  todayAlarmsSchema,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { device, machineAlarm, machineLatest, machineTool } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { customerScope, scopeKey } from '../../http/scope.js';
import { zoneDay } from '../../lib/platform-zone.js';
import { singleFlight } from '../../lib/single-flight.js';
import { outputToday } from './output.js';
import { machineTrends } from './trends.js';

/**
 * A machine tool's state now: its latest reported state while its box is online, else 离线 — also before it
 * ever reported. The rule 实时数据 (GET /device/machine/{id}/realtime) shows one machine tool by.
 */
const stateNow = sql<string>`case when ${device.online} then coalesce(${machineLatest.state}, 'offline') else 'offline' end`;
const countIn = (state: string) => sql<number>`count(*) filter (where ${stateNow} = ${state})::int`;

/** 机床状态: the enabled machine tools whose box is in the caller's scope, counted by their state now. */
export async function machineStateCounts(db: Db, req: FastifyRequest): Promise<MachineStateCounts> {
  const [row] = await db
    .select({
      running: countIn('running'),
      idle: countIn('idle'),
      alarm: countIn('alarm'),
      offline: countIn('offline'),
      total: sql<number>`count(*)::int`,
    })
    .from(machineTool)
    .innerJoin(device, eq(device.id, machineTool.device_id))
    .leftJoin(machineLatest, eq(machineLatest.machine_tool_id, machineTool.id))
    .where(and(eq(machineTool.enabled, true), customerScope(req.user, device.customer_id)));
  return row;
}

/**
 * 今日报警: the alarms of machine tools whose box is in the caller's scope that started today (the platform's zone), the
 * latest `limit` with their machine and box, and how many there are today and still on. Two queries, whatever
 * the count.
 */
export async function todayAlarms(db: Db, req: FastifyRequest, now: Date, limit: number): Promise<TodayAlarms> {
  const [start, end] = zoneDay(now);
  const where = and(gte(machineAlarm.started_at, start), lt(machineAlarm.started_at, end), customerScope(req.user, device.customer_id));
  const items = await db
    .select({
      id: machineAlarm.id,
      machine_tool_id: machineAlarm.machine_tool_id,
      machine_name: machineTool.name,
      machine_code: machineTool.code,
      device_id: device.id,
      gateway_id: device.gateway_id,
      alarm_no: machineAlarm.alarm_no,
      alarm_type: machineAlarm.alarm_type,
      alarm_msg: machineAlarm.alarm_msg,
      started_at: machineAlarm.started_at,
      ended_at: machineAlarm.ended_at,
    })
    .from(machineAlarm)
    .innerJoin(machineTool, eq(machineTool.id, machineAlarm.machine_tool_id))
    .innerJoin(device, eq(device.id, machineTool.device_id))
    .where(where)
    .orderBy(desc(machineAlarm.started_at), desc(machineAlarm.id))
    .limit(limit);
  const [counts] = await db
    .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${isNull(machineAlarm.ended_at)})::int` })
    .from(machineAlarm)
    .innerJoin(machineTool, eq(machineTool.id, machineAlarm.machine_tool_id))
    .innerJoin(device, eq(device.id, machineTool.device_id))
    .where(where);
  return {
    ...counts,
    items: items.map((a) => ({ ...a, started_at: a.started_at.toISOString(), ended_at: a.ended_at?.toISOString() ?? null })),
  };
}

/**
 * 首页's machine tool cards: states now, today's alarms and output, and the trends of the last days, for whoever may
 * query 机床 (首页 itself is every user's; these cards are shown to those holding that bit), within their scope:
 * the vendor's staff see every customer's, a factory's user its own subtree.
 */
export function machineDashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [machineToolResource.title];
  const access = { menu: MACHINE_MENU, action: 'query' } as const;
  // every open 首页 refetches these on the same live event: one read per scope and question while one runs
  const shared = singleFlight<unknown>();
  const once = <T>(req: FastifyRequest, question: string, run: () => Promise<T>) =>
    shared(`${req.routeOptions.url}\u0000${scopeKey(req.user)}\u0000${question}`, run) as Promise<T>;

  typed.get(
    MACHINE_STATES_PATH,
    {
      config: { access },
      schema: { tags, summary: '机床状态 (启用的机床按当前状态计数; 网关离线或从未上报的计为离线)', response: { 200: envelopeSchema(machineStateCountsSchema) } },
    },
    async (req) => ok(await once(req, '', () => machineStateCounts(db, req))),
  );

  typed.get(
    MACHINE_ALARMS_TODAY_PATH,
    {
      config: { access },
      schema: {
        tags,
        summary: '今日报警 (平台时区今天开始的报警, 最新的在前; total 今日总数, active 未恢复数)',
        querystring: todayAlarmsQuerySchema,
        response: { 200: envelopeSchema(todayAlarmsSchema) },
      },
    },
    async (req) => ok(await once(req, String(req.query.limit), () => todayAlarms(db, req, clock.now(), req.query.limit))),
  );

  typed.get(
    MACHINE_OUTPUT_TODAY_PATH,
    {
      config: { access },
      schema: {
        tags,
        summary: '今日产量 (平台时区今天各客户的产量与稼动率, 按产量排前 limit 名; 合计为整个范围; 稼动率 = 运行秒数 ÷ 计划秒数, 计划秒数为各机床今天 0 点 (或机床创建/首次上报, 取较早者, 若在今天) 至今的秒数之和)',
        querystring: outputTodayQuerySchema,
        response: { 200: envelopeSchema(outputTodaySchema) },
      },
    },
    async (req) => ok(await once(req, String(req.query.limit), () => outputToday(db, req, clock.now(), req.query.limit))),
  );

  typed.get(
    MACHINE_TRENDS_PATH,
    {
      config: { access },
      schema: {
        tags,
        summary:
          '近几日趋势 (北京时间最近 days 天, 含今天, 由远及近: 每天的产量、运行秒数、计划秒数、稼动率 (运行 ÷ 计划, 计划从 0 点或机床创建/首次上报起) 与当天开始的报警数; 今天的数值与今日产量、今日报警一致)',
        querystring: machineTrendsQuerySchema,
        response: { 200: envelopeSchema(machineTrendsSchema) },
      },
    },
    async (req) => ok(await once(req, String(req.query.days), () => machineTrends(db, req, clock.now(), req.query.days))),
  );
}
