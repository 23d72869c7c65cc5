import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_PATH, type DeviceFirmware, VERSION_PATH, can, deviceFirmwarePath, deviceFirmwareSchema, deviceResource, envelopeSchema, idParamSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { device, firmwareVersion, rollout, rolloutItem } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { customerScope } from '../../http/scope.js';

/** The most rollouts the device drawer's 固件 tab lists. */
const HISTORY_LIMIT = 50;

/**
 * `GET /device/device/{id}/firmware` (the device drawer's 固件 tab): the version the box runs and, for a caller
 * who may see 版本管理, the rollouts it was in, latest first. A box outside the caller's customers is missing.
 */
export function deviceFirmwareRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    deviceFirmwarePath(':id'),
    {
      config: { access: { menu: DEVICE_PATH, action: 'query' } },
      schema: {
        tags: [deviceResource.title],
        summary: '设备固件: 当前版本与推送记录 (推送记录需要版本管理的查询权限)',
        params: idParamSchema,
        response: { 200: envelopeSchema(deviceFirmwareSchema) },
      },
    },
    async (req) => {
      const [box] = await db
        .select({ firmware_version: device.firmware_version })
        .from(device)
        .where(and(eq(device.id, req.params.id), customerScope(req.user, device.customer_id)));
      if (!box) throw notFound(deviceResource.title);
      if (!can(req.user.grants, VERSION_PATH, 'query')) return ok<DeviceFirmware>({ firmware_version: box.firmware_version, history: [] });
      const rows = await db
        .select({
          rollout_id: rolloutItem.rollout_id,
          version: firmwareVersion.version,
          state: rolloutItem.state,
          error: rolloutItem.error,
          from_version: rolloutItem.from_version,
          updated_at: rolloutItem.updated_at,
        })
        .from(rolloutItem)
        .innerJoin(rollout, eq(rollout.id, rolloutItem.rollout_id))
        .innerJoin(firmwareVersion, eq(firmwareVersion.id, rollout.version_id))
        .where(eq(rolloutItem.device_id, req.params.id))
        .orderBy(desc(rolloutItem.rollout_id))
        .limit(HISTORY_LIMIT);
      const history = rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
      return ok<DeviceFirmware>({ firmware_version: box.firmware_version, history });
    },
  );
}
