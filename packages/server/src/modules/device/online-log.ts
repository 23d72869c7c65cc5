import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_PATH, ONLINE_REASONS, type OnlineLogRow, deviceResource, idParamSchema, listEnvelopeSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { device, deviceOnlineLog } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { list } from '../../http/reply.js';
import { customerScope } from '../../http/scope.js';

/** One row of a box's 上下线记录, as the API answers it. */
export const onlineLogRowSchema = z.object({
  id: z.number(),
  online: z.boolean(),
  at: z.string(),
  reason: z.enum(ONLINE_REASONS),
  ip: z.string(),
  node: z.string(),
}) satisfies z.ZodType<OnlineLogRow>;

const onlineLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

/**
 * 上下线记录 (GET /device/device/{id}/online_log): a box's online and offline transitions, newest first, for
 * whoever may query 网关设备 and sees the box's owner; a box outside the caller's scope answers as a missing one.
 */
export function onlineLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${DEVICE_PATH}/:id/online_log`,
    {
      config: { access: { menu: DEVICE_PATH, action: 'query' } },
      schema: {
        tags: [deviceResource.title],
        summary: '上下线记录 (新的在前)',
        params: idParamSchema,
        querystring: onlineLogQuerySchema,
        response: { 200: listEnvelopeSchema(onlineLogRowSchema) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const [box] = await db
        .select({ id: device.id })
        .from(device)
        .where(and(eq(device.id, req.params.id), customerScope(req.user, device.customer_id)));
      if (!box) throw notFound(deviceResource.title);
      const mine = eq(deviceOnlineLog.device_id, box.id);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ id: deviceOnlineLog.id, online: deviceOnlineLog.online, at: deviceOnlineLog.at, reason: deviceOnlineLog.reason, ip: deviceOnlineLog.ip, node: deviceOnlineLog.node })
          .from(deviceOnlineLog)
          .where(mine)
          .orderBy(desc(deviceOnlineLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(deviceOnlineLog).where(mine),
      ]);
      const items: OnlineLogRow[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
      return list(items, { count: total, page, limit });
    },
  );
}
