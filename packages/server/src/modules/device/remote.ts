import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOX_API,
  DEVICE_PATH,
  type DeviceRefresh,
  boxApiSchema,
  boxInfoSchema,
  boxLoginResultSchema,
  boxLoginSchema,
  deviceRefreshSchema,
  deviceResource,
  envelopeSchema,
  idParamSchema,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { boxGrant, device } from '../../db/schema.js';
import { notFound, refused, wrongPassword } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { customerScope } from '../../http/scope.js';
import { boxAnswer, boxCall, boxFailure } from '../../mqtt/commands/answer.js';
import type { BoxReply } from '../../mqtt/commands/types.js';

/** How long a box_login lets its user call box_api on that box. */
export const BOX_GRANT_MS = 30 * 60 * 1000;

const MSG = {
  offline: '设备不在线',
  badInfo: '设备返回的信息格式错误',
  noGrant: '请先登录设备 (输入设备密码) 再进行远程配置',
  loggedIn: '设备登录成功',
};

/** The box (id, gateway id) within the caller's scope, or 404 as if missing. */
async function scopedBox(deps: AppDeps, req: FastifyRequest, id: number) {
  const [box] = await deps.db
    .select({ id: device.id, gateway_id: device.gateway_id })
    .from(device)
    .where(and(eq(device.id, id), customerScope(req.user, device.customer_id)));
  if (!box) throw notFound(deviceResource.title);
  return box;
}

/**
 * 刷新 / 远程配置 of a box (/device/device/{id}/refresh, box_login, box_api), for the 网关设备 menu's 编辑 bit on
 * boxes in the caller's scope. Refresh reads GET /api/info and stores what changed (audited); box_login checks
 * the box's own password on the box and grants box_api to this user on this box for 30 minutes (a box_grant row,
 * so any server node honours it).
 */
export function remoteRoutes(app: FastifyInstance, deps: AppDeps): void {
  const access = { menu: DEVICE_PATH, action: 'edit' as const };
  const send = (gatewayId: string, command: Parameters<NonNullable<AppDeps['commands']>['send']>[1]): Promise<BoxReply> => {
    if (!deps.commands) return Promise.reject(refused(MSG.offline));
    return deps.commands.send(gatewayId, command);
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    `${DEVICE_PATH}/:id/refresh`,
    {
      config: { access },
      schema: { tags: [deviceResource.title], summary: '刷新设备信息 (从设备读取版本、指纹、IMEI、ICCID 与采集配置)', params: idParamSchema, response: { 200: envelopeSchema(deviceRefreshSchema) } },
    },
    async (req) => {
      const box = await scopedBox(deps, req, req.params.id);
      const msg = await boxCall(() => send(box.gateway_id, { method: 'GET', url: BOX_API.info }));
      const info = boxInfoSchema.safeParse(msg);
      if (!info.success) throw refused(MSG.badInfo);
      const fields = { firmware_version: info.data.version, fingerprint: info.data.fingerprint, imei: info.data.imei, iccid: info.data.iccid };
      const answer = await req.tx(async (tx) => {
        const [current] = await tx
          .select({ firmware_version: device.firmware_version, fingerprint: device.fingerprint, imei: device.imei, iccid: device.iccid })
          .from(device)
          .where(eq(device.id, box.id))
          .for('update');
        if (!current) throw notFound(deviceResource.title);
        const updated = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => current[k] !== fields[k]);
        if (updated.length) await tx.update(device).set(Object.fromEntries(updated.map((k) => [k, fields[k]]))).where(eq(device.id, box.id));
        const result: DeviceRefresh = { id: box.id, gateway_id: box.gateway_id, ...fields, config: info.data.config ?? null, updated };
        return result;
      });
      return ok(answer, answer.updated.length ? '设备信息已更新' : '设备信息无变化');
    },
  );

  typed.post(
    `${DEVICE_PATH}/:id/box_login`,
    {
      config: { access },
      schema: { tags: [deviceResource.title], summary: '登录设备 (设备密码), 之后 30 分钟内可远程配置', params: idParamSchema, body: boxLoginSchema, response: { 200: envelopeSchema(boxLoginResultSchema) } },
    },
    async (req) => {
      const box = await scopedBox(deps, req, req.params.id);
      let reply: BoxReply;
      try {
        reply = await send(box.gateway_id, { method: 'POST', url: BOX_API.login, data: { password: req.body.password } });
      } catch (error) {
        return boxFailure(error);
      }
      if (reply.ret === 410) throw wrongPassword('设备密码错误');
      boxAnswer(reply);
      const until = new Date(Date.now() + BOX_GRANT_MS);
      await deps.db.delete(boxGrant).where(lte(boxGrant.expires_at, new Date()));
      await deps.db
        .insert(boxGrant)
        .values({ user_id: req.user.id, device_id: box.id, expires_at: until })
        .onConflictDoUpdate({ target: [boxGrant.user_id, boxGrant.device_id], set: { expires_at: until } });
      return ok({ expires_at: until.toISOString() }, MSG.loggedIn);
    },
  );

  typed.post(
    `${DEVICE_PATH}/:id/box_api`,
    {
      config: { access },
      schema: { tags: [deviceResource.title], summary: '远程配置: 转发一个请求到设备 (需先登录设备)', params: idParamSchema, body: boxApiSchema, response: { 200: envelopeSchema(z.unknown()) } },
    },
    async (req) => {
      const box = await scopedBox(deps, req, req.params.id);
      const [grant] = await deps.db
        .select({ user_id: boxGrant.user_id })
        .from(boxGrant)
        .where(and(eq(boxGrant.user_id, req.user.id), eq(boxGrant.device_id, box.id), gt(boxGrant.expires_at, new Date())));
      if (!grant) throw refused(MSG.noGrant);
      const { method, url, data } = req.body;
      return ok(await boxCall(() => send(box.gateway_id, { method, url, data })));
    },
  );
}
