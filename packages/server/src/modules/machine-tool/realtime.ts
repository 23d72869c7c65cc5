import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MACHINE_MENU, MACHINE_PATH, MACHINE_STATES, type MachineRealtime, envelopeSchema, idParamSchema, machineToolResource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { device, machineAlarm, machineLatest, machineTool } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { machineScope } from './rules.js';

const machineRealtimeSchema = z.object({
  machine_id: z.number(),
  ts: z.string().nullable(),
  state: z.enum(MACHINE_STATES),
  values: z.record(z.string(), z.unknown()),
  alarms: z.array(z.object({ alarm_no: z.string(), alarm_type: z.string().optional(), alarm_msg: z.string().optional(), since: z.string() })),
}) satisfies z.ZodType<MachineRealtime>;

/**
 * 实时数据 (GET /device/machine/{id}/realtime): a machine tool's latest values, its state and its open alarms,
 * for whoever may query 机床 and sees its box's owner; 'offline' while the box is offline or before any data.
 * A machine tool outside the caller's scope answers as a missing one.
 */
export function machineRealtimeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${MACHINE_PATH}/:id/realtime`,
    {
      config: { access: { menu: MACHINE_MENU, action: 'query' } },
      schema: {
        tags: [machineToolResource.title],
        summary: '机床实时数据 (最新值、状态、未结束的报警)',
        params: idParamSchema,
        response: { 200: envelopeSchema(machineRealtimeSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select({ id: machineTool.id, online: device.online, ts: machineLatest.ts, state: machineLatest.state, values: machineLatest.values })
        .from(machineTool)
        .innerJoin(device, eq(device.id, machineTool.device_id))
        .leftJoin(machineLatest, eq(machineLatest.machine_tool_id, machineTool.id))
        .where(and(eq(machineTool.id, req.params.id), machineScope(req)));
      if (!row) throw notFound(machineToolResource.title);
      const alarms = await db
        .select({ alarm_no: machineAlarm.alarm_no, alarm_type: machineAlarm.alarm_type, alarm_msg: machineAlarm.alarm_msg, since: machineAlarm.started_at })
        .from(machineAlarm)
        .where(and(eq(machineAlarm.machine_tool_id, row.id), isNull(machineAlarm.ended_at)))
        .orderBy(asc(machineAlarm.started_at), asc(machineAlarm.id));
      const answer: MachineRealtime = {
        machine_id: row.id,
        ts: row.ts?.toISOString() ?? null,
        state: row.online && row.state ? row.state : 'offline',
        values: row.values ?? {},
        alarms: alarms.map((a) => ({ ...a, since: a.since.toISOString() })),
      };
      return ok(answer);
    },
  );
}
