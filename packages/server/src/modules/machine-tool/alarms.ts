import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALARM_ACTIVE_OPTIONS,
  MACHINE_MENU,
  type MachineAlarm,
  type MachineAlarmQuery,
  envelopeSchema,
  exportJobSchema,
  formatDuration,
  idParamSchema,
  listEnvelopeSchema,
  machineAlarmFilterSchema,
  machineAlarmQuerySchema,
  machineAlarmResource,
  machineAlarmSchema,
  machineToolResource,
  optionLabel,
} from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { machineAlarm, machineTool } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { list, ok } from '../../http/reply.js';
import { compileResource } from '../../http/resource/compile.js';
import { type ListFilters, listOrder, listWhere } from '../../http/resource/list-query.js';
import { SHEET_MSG } from '../../http/resource/sheets.js';
import type { ResourceRequest } from '../../http/resource/types.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { queryRows } from '../../db/rows.js';
import { machineScope } from './rules.js';

/** The alarms of the machine tools the caller sees (through their box's owner); nothing added for the vendor. */
function alarmScope(req: ResourceRequest) {
  const scope = machineScope(req);
  return scope && sql`${machineAlarm.machine_tool_id} in (select ${machineTool.id} from ${machineTool} where ${scope})`;
}

/** An alarm as the list and the export show it: its times, and how long it lasted (null while on). */
function alarmItem(row: typeof machineAlarm.$inferSelect): MachineAlarm {
  const started = row.started_at;
  const ended = row.ended_at;
  return {
    id: row.id,
    alarm_no: row.alarm_no,
    alarm_type: row.alarm_type,
    alarm_msg: row.alarm_msg,
    started_at: started.toISOString(),
    ended_at: ended?.toISOString() ?? null,
    duration_s: ended ? (ended.getTime() - started.getTime()) / 1000 : null,
  };
}

const ON = optionLabel(ALARM_ACTIVE_OPTIONS, 'yes');

/**
 * The alarm history as the resource machine reads it, one machine tool's by the hidden `machine_tool_id` filter:
 * the list and the export job build their WHERE and order from it, so both show the same rows.
 */
export const alarmHistory = compileResource({
  resource: machineAlarmResource,
  table: machineAlarm,
  keywords: ['alarm_no', 'alarm_msg'],
  baseWhere: alarmScope,
  where: { active: (value) => (value === 'yes' ? isNull(machineAlarm.ended_at) : isNotNull(machineAlarm.ended_at)) },
  serialize: alarmItem,
  sheet: [
    { key: 'alarm_no', width: 14 },
    { key: 'alarm_type', width: 10 },
    { key: 'alarm_msg', width: 40 },
    { key: 'started_at', width: 20, value: (item) => zoneTime(item.started_at) },
    { key: 'ended_at', width: 20, value: (item) => (item.ended_at ? zoneTime(item.ended_at) : ON) },
    { key: 'duration_s', width: 14, value: (item) => (item.duration_s === null ? '' : formatDuration(item.duration_s)) },
  ],
});

/** The machine tool asked for when the caller sees it (its code names the export). */
async function scopedMachine(db: Db, req: FastifyRequest, id: number) {
  const [machine] = await db
    .select({ code: machineTool.code })
    .from(machineTool)
    .where(and(eq(machineTool.id, id), machineScope(req)));
  return machine;
}

/** A page of the alarm history and how many match; null when the machine tool is not the caller's. */
export async function machineAlarms(db: Db, req: FastifyRequest, id: number, q: MachineAlarmQuery): Promise<{ items: MachineAlarm[]; count: number } | null> {
  const { page, limit, ...filters } = q;
  const where = listWhere(alarmHistory, { ...filters, machine_tool_id: id }, req);
  const [[head], rows] = await Promise.all([
    queryRows<{ found: boolean; count: number }>(
      db,
      sql`select exists(select 1 from ${machineTool} where ${and(eq(machineTool.id, id), machineScope(req))}) as found,
        (select count(*)::int from ${machineAlarm} where ${where ?? sql`true`}) as count`,
    ),
    db
      .select()
      .from(machineAlarm)
      .where(where)
      .orderBy(...listOrder(alarmHistory, filters.sort))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  if (!head.found) return null;
  return { items: rows.map(alarmItem), count: head.count };
}

/**
 * 机床详情's alarm history: GET /device/machine/{id}/alarms (newest first, for whoever may query 机床) and
 * POST /device/machine/{id}/alarms/export (an export job of the list under the same filters, for 机床's 导出,
 * fetched from 导出管理). A machine tool outside the caller's scope answers as a missing one.
 */
export function machineAlarmRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, sheets } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [machineToolResource.title];
  const path = machineAlarmResource.path;
  sheets.register(alarmHistory);

  typed.get(
    path,
    {
      config: { access: { menu: MACHINE_MENU, action: 'query' } },
      schema: {
        tags,
        summary: '机床报警历史 (新的在前; keywords 匹配报警号或信息, 日期按开始时间, active yes 报警中 / no 已恢复)',
        params: idParamSchema,
        querystring: machineAlarmQuerySchema,
        response: { 200: listEnvelopeSchema(machineAlarmSchema) },
      },
    },
    async (req) => {
      const page = await machineAlarms(db, req, req.params.id, req.query);
      if (!page) throw notFound(machineToolResource.title);
      return list(page.items, { count: page.count, page: req.query.page, limit: req.query.limit });
    },
  );

  typed.post(
    `${path}/export`,
    {
      config: { access: { menu: MACHINE_MENU, action: 'export' } },
      schema: {
        tags,
        summary: '导出机床报警历史 (后台任务, 按报警历史当前的筛选条件; 在导出管理中查看进度并下载)',
        params: idParamSchema,
        body: z.object({ filters: machineAlarmFilterSchema.optional() }).optional(),
        response: { 200: envelopeSchema(exportJobSchema) },
      },
    },
    async (req) => {
      const machine = await scopedMachine(db, req, req.params.id);
      if (!machine) throw notFound(machineToolResource.title);
      const filters: ListFilters = { ...req.body?.filters, machine_tool_id: req.params.id };
      // the dates are read now, so a bad one is a 400 here rather than a failed job later
      listWhere(alarmHistory, filters, req);
      const job = await sheets.queueExport(deps, req, alarmHistory, filters, `${alarmHistory.title}(${machine.code})`);
      return ok(job, SHEET_MSG.queued);
    },
  );
}
