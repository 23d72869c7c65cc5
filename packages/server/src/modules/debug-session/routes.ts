import { type SQL, and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEBUG_SESSION_MENU,
  DEBUG_SESSION_PATH,
  type DebugCommand,
  type DebugSession,
  debugCommandSchema,
  debugOpenSchema,
  debugSendSchema,
  debugSessionDetailSchema,
  debugSessionSchema,
  envelopeSchema,
  idFilterSchema,
  idParamSchema,
  listEnvelopeSchema,
  listQuerySchema,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { escapeLike } from '../../http/resource/list-query.js';
import { debugCommand, debugSession, device } from '../../db/schema.js';
import { notFound, refused } from '../../http/errors.js';
import { list, ok } from '../../http/reply.js';
import { customerScope } from '../../http/scope.js';
import { boxAnswer } from '../../mqtt/commands/answer.js';
import { BoxCommandError, type BoxReply } from '../../mqtt/commands/types.js';

const TITLE = '远程调试';
const MSG = {
  box: '网关设备',
  closed: '调试会话已结束',
  alreadyClosed: '调试会话已结束,无需再次结束',
  offline: '设备不在线',
};

type SessionRow = typeof debugSession.$inferSelect & { device_name: string | null; address?: string | null };
type CommandRow = typeof debugCommand.$inferSelect;

const presentSession = (row: SessionRow): DebugSession => ({
  id: row.id,
  device_id: row.device_id,
  gateway_id: row.gateway_id,
  device_name: row.device_name ?? '',
  address: row.address ?? '',
  customer_id: row.customer_id,
  operator: row.operator,
  ip: row.ip,
  started_at: row.started_at.toISOString(),
  ended_at: row.ended_at?.toISOString() ?? null,
  commands: row.commands,
});

const presentCommand = (row: CommandRow): DebugCommand => ({
  id: row.id,
  method: row.method,
  url: row.url,
  data: row.data ?? null,
  ret: row.ret,
  reply: row.reply ?? null,
  sent_at: row.sent_at.toISOString(),
  answered_at: row.answered_at?.toISOString() ?? null,
});

const sessionColumns = {
  id: debugSession.id,
  device_id: debugSession.device_id,
  gateway_id: debugSession.gateway_id,
  customer_id: debugSession.customer_id,
  operator_id: debugSession.operator_id,
  operator: debugSession.operator,
  ip: debugSession.ip,
  started_at: debugSession.started_at,
  ended_at: debugSession.ended_at,
  commands: debugSession.commands,
  device_name: device.name,
  address: device.address,
};

/**
 * 远程调试 (the box drawer's tab, /device/debug_session): an operator opens a session on a box in their scope,
 * sends the box's own HTTP API commands through the command channel and reads the replies; every command and its
 * reply is kept (debug_command, ret null while waiting, -1 when the box did not answer or was offline). 网关设备's
 * 查询 reads the sessions (of one box with `device_id`), its 远程调试 bit opens, sends and closes: sending a box
 * arbitrary commands is more than editing its row. A customer's users see and debug only their subtree's boxes.
 */
export function debugSessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = { menu: DEBUG_SESSION_MENU, action: 'query' as const };
  const write = { menu: DEBUG_SESSION_MENU, action: 'debug' as const };
  const scope = (req: FastifyRequest) => customerScope(req.user, debugSession.customer_id);

  async function session(req: FastifyRequest, id: number): Promise<SessionRow> {
    const [row] = await db
      .select(sessionColumns)
      .from(debugSession)
      .leftJoin(device, eq(device.id, debugSession.device_id))
      .where(and(eq(debugSession.id, id), scope(req)));
    if (!row) throw notFound('调试会话');
    return row;
  }

  typed.get(
    DEBUG_SESSION_PATH,
    {
      config: { access: read },
      schema: {
        tags: [TITLE],
        summary: '调试会话列表 (最新在前; device_id: 一台设备的)',
        querystring: listQuerySchema.extend({ device_id: idFilterSchema.optional() }),
        response: { 200: listEnvelopeSchema(debugSessionSchema) },
      },
    },
    async (req) => {
      const { page, limit, keywords, device_id } = req.query;
      const conditions: (SQL | undefined)[] = [scope(req), device_id ? eq(debugSession.device_id, device_id) : undefined];
      if (keywords) {
        const like = `%${escapeLike(keywords)}%`;
        conditions.push(or(ilike(debugSession.gateway_id, like), ilike(debugSession.operator, like), ilike(device.name, like)));
      }
      const where = and(...conditions);
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(debugSession)
        .leftJoin(device, eq(device.id, debugSession.device_id))
        .where(where);
      const rows = await db
        .select(sessionColumns)
        .from(debugSession)
        .leftJoin(device, eq(device.id, debugSession.device_id))
        .where(where)
        .orderBy(desc(debugSession.started_at), desc(debugSession.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return list(rows.map(presentSession), { count, page, limit });
    },
  );

  typed.get(
    `${DEBUG_SESSION_PATH}/:id`,
    {
      config: { access: read },
      schema: { tags: [TITLE], summary: '调试会话及其指令', params: idParamSchema, response: { 200: envelopeSchema(debugSessionDetailSchema) } },
    },
    async (req) => {
      const row = await session(req, req.params.id);
      const commands = await db.select().from(debugCommand).where(eq(debugCommand.session_id, row.id)).orderBy(asc(debugCommand.id));
      return ok({ ...presentSession(row), command_list: commands.map(presentCommand) });
    },
  );

  typed.post(
    DEBUG_SESSION_PATH,
    {
      config: { access: write },
      schema: { tags: [TITLE], summary: '打开调试会话', body: debugOpenSchema, response: { 200: envelopeSchema(debugSessionSchema) } },
    },
    async (req) => {
      const [box] = await db
        .select({ id: device.id, gateway_id: device.gateway_id, customer_id: device.customer_id, name: device.name, address: device.address })
        .from(device)
        .where(and(eq(device.id, req.body.device_id), customerScope(req.user, device.customer_id)));
      if (!box) throw notFound(MSG.box);
      const [row] = await req.tx((tx) =>
        tx
          .insert(debugSession)
          .values({ device_id: box.id, gateway_id: box.gateway_id, customer_id: box.customer_id, operator_id: req.user.id, operator: req.user.username, ip: req.ip })
          .returning(),
      );
      return ok(presentSession({ ...row, device_name: box.name, address: box.address }), '调试会话已打开');
    },
  );

  typed.post(
    `${DEBUG_SESSION_PATH}/:id/send`,
    {
      config: { access: write },
      schema: { tags: [TITLE], summary: '发送调试指令 (答复设备的回复)', params: idParamSchema, body: debugSendSchema, response: { 200: envelopeSchema(debugCommandSchema) } },
    },
    async (req) => {
      const current = await session(req, req.params.id);
      if (current.ended_at) throw refused(MSG.closed);
      const { method, url, data } = req.body;
      const [sent] = await req.tx(async (tx) => {
        await tx
          .update(debugSession)
          .set({ commands: sql`${debugSession.commands} + 1` })
          .where(eq(debugSession.id, current.id));
        return tx
          .insert(debugCommand)
          .values({ session_id: current.id, method, url, data: data ?? null })
          .returning();
      });
      let reply: BoxReply;
      let failure: BoxCommandError | undefined;
      try {
        if (!deps.commands) throw new BoxCommandError('offline');
        reply = await deps.commands.send(current.gateway_id, { method, url, data });
      } catch (error) {
        if (!(error instanceof BoxCommandError)) throw error;
        failure = error;
        reply = { ret: -1, msg: error.message };
      }
      const [answered] = await req.tx((tx) =>
        tx
          .update(debugCommand)
          .set({ ret: reply.ret, reply: reply.msg ?? null, answered_at: sql`now()` })
          .where(eq(debugCommand.id, sent.id))
          .returning(),
      );
      deps.live.publish({ type: 'debug', user_id: req.user.id, session_id: current.id, command_id: sent.id, ret: reply.ret, msg: reply.msg });
      if (failure) throw refused(failure.message);
      if (reply.ret !== 0) boxAnswer(reply);
      return ok(presentCommand(answered));
    },
  );

  typed.post(
    `${DEBUG_SESSION_PATH}/:id/close`,
    {
      config: { access: write },
      schema: { tags: [TITLE], summary: '结束调试会话', params: idParamSchema, response: { 200: envelopeSchema(debugSessionSchema) } },
    },
    async (req) => {
      const current = await session(req, req.params.id);
      const [row] = await req.tx((tx) =>
        tx
          .update(debugSession)
          .set({ ended_at: sql`now()` })
          .where(and(eq(debugSession.id, current.id), isNull(debugSession.ended_at)))
          .returning(),
      );
      if (!row) throw refused(MSG.alreadyClosed);
      return ok(presentSession({ ...row, device_name: current.device_name, address: current.address }), '调试会话已结束');
    },
  );
}
