import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_PATH, DEVICE_STATE_TITLES, deviceResource as resource, deviceSecretSchema, deviceStatsRowSchema, envelopeSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { device } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import type { ActionHandler } from '../../http/resource/types.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { MSG } from '../fleet/messages.js';
import { STOCK_MOVES, assignDevices, moveDevices, resetSecret, tagDevices } from './actions.js';
import { deviceDerived } from './derived.js';
import { onlineLogRoutes } from './online-log.js';
import { remoteRoutes } from './remote.js';
import { loadDeviceSecretKey } from '../../mqtt/identity/secret.js';
import { type DeviceRow, checkDeviceDelete, checkDeviceWrite, newDeviceColumns, recordDeviceWrite, setTags } from './rules.js';
import { deviceStats } from './stats.js';
import { withTunnelStates } from './tunnel.js';
import { syncTunnelsAfterResponse } from '../../mqtt/tunnel/after-response.js';

/**
 * 网关设备 (/device/device): the boxes. The vendor creates them (in stock, with a VPN address and a secret shown
 * once), assigns them to customers and sets their state, each movement written to the ledger; a customer's
 * users see their subtree's boxes and may rename, locate, remark and tag them.
 */
export default async function routes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const key = await loadDeviceSecretKey(db);
  /** The secret of a box created in this request, for its answer only (never stored in clear). */
  const secrets = new WeakMap<object, string>();
  // a box reset, scrapped, moved or edited may no longer tunnel (or may again): its tunnel is looked at after the answer
  const syncTunnels = syncTunnelsAfterResponse(app, deps);

  app.withTypeProvider<ZodTypeProvider>().get(
    `${DEVICE_PATH}/stats`,
    {
      config: { access: { menu: DEVICE_PATH, action: 'query' } },
      schema: { tags: [resource.title], summary: '设备统计信息 (按设备类型的总数、在线、离线)', response: { 200: envelopeSchema(z.array(deviceStatsRowSchema)) } },
    },
    async (req) => ok(await deviceStats(db, req)),
  );
  onlineLogRoutes(app, deps);
  remoteRoutes(app, deps);

  registerResource(app, deps, {
    resource,
    table: device,
    scope: 'customer_id',
    keywords: ['gateway_id', 'name', 'fingerprint'],
    where: {
      tag_id: (value) => sql`${device.id} in (select device_id from device_tag_link where tag_id = ${value})`,
    },
    checkWrite: checkDeviceWrite,
    checkDelete: checkDeviceDelete,
    async toColumns(values, req, tx) {
      if (values.gateway_id !== undefined && !('secret_hash' in values) && req.method === 'POST') {
        const { columns, secret } = await newDeviceColumns(values, tx, key);
        secrets.set(req, secret);
        return columns;
      }
      const { tag_ids: _tags, ...columns } = values;
      return columns;
    },
    async afterWrite(req, row, current, tx) {
      if (Array.isArray(req.body && (req.body as { tag_ids?: unknown }).tag_ids)) await setTags(tx, row.id, (req.body as { tag_ids: number[] }).tag_ids);
      await recordDeviceWrite(req, tx, row, current);
      if (current) syncTunnels(req, [row.id]);
      // an external broker's own accounts (Mosquitto dynamic security): a new box, or scrapped set by hand
      if (!current && secrets.has(req)) await deps.boxAccounts?.upsert(row.gateway_id, secrets.get(req)!);
      else if (current && row.state !== current.state && (row.state === 'scrapped' || current.state === 'scrapped')) {
        await deps.boxAccounts?.setEnabled([row.gateway_id], row.state !== 'scrapped');
      }
    },
    afterDelete: async (_req, rows) => deps.boxAccounts?.remove(rows.map((r) => r.gateway_id)),
    derived: deviceDerived,
    decorate: (rows, ctx) => withTunnelStates(ctx.db, deps.config.vpnHub, rows, { peers: deps.remote.peers, now: deps.clock.now() }),
    present: (req, item) => (secrets.has(req) ? { ...item, secret: secrets.get(req) } : item),
    actions: {
      assign: async (req, rows, body: { customer_id: number }, tx) => {
        syncTunnels(req, rows.map((r) => r.id));
        return ok(null, MSG.assigned(await assignDevices(req, tx, rows, body.customer_id)));
      },
      tag: async (req, rows, body: { tag_ids: number[]; mode: 'add' | 'remove' }, tx) => {
        await tagDevices(req, tx, rows, body);
        return ok(null, body.mode === 'add' ? MSG.tagged(rows.length) : MSG.untagged(rows.length));
      },
      secret: {
        run: async (req, [row], _body, tx) => {
          const secret = await resetSecret(tx, row, key);
          syncTunnels(req, [row.id]);
          await deps.boxAccounts?.upsert(row.gateway_id, secret);
          return ok({ secret }, MSG.secretReset);
        },
        response: deviceSecretSchema,
      },
      ...stockMoveActions(deps, syncTunnels),
    },
    sheet: [
      { key: 'gateway_id', width: 20 },
      { key: 'name', width: 20 },
      { key: 'company_name', width: 24 },
      { key: 'goods_name', width: 20 },
      { key: 'fingerprint', width: 24 },
      { key: 'vpn_ip', width: 16 },
      { key: 'state', value: (row) => DEVICE_STATE_TITLES[row.state] },
      { key: 'online', value: (row) => (row.online ? '在线' : '离线') },
      { key: 'firmware_version', width: 14 },
      { key: 'imei', width: 18 },
      { key: 'iccid', width: 22 },
      { key: 'tags', width: 24, value: (row) => row.tags.map((t) => t.name).join('、') },
      { key: 'last_seen_at', width: 20, value: (row) => zoneTime(row.last_seen_at) },
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
    ],
  });
}

/** 退货, 维修, 维修完成, 报废: one handler each, from the movement's rule. */
function stockMoveActions(deps: AppDeps, syncTunnels: (req: FastifyRequest, ids: number[]) => void): Record<keyof typeof STOCK_MOVES, ActionHandler<DeviceRow>> {
  const handler =
    (name: keyof typeof STOCK_MOVES): ActionHandler<DeviceRow> =>
    async (req, rows, body: { remark: string }, tx) => {
      const move = STOCK_MOVES[name];
      const moved = await moveDevices(req, tx, rows, move, body.remark);
      syncTunnels(req, rows.map((r) => r.id));
      if (name === 'scrap') await deps.boxAccounts?.setEnabled(rows.map((r) => r.gateway_id), false);
      return ok(null, MSG.moved(move.remark, moved));
    };
  return { return: handler('return'), repair: handler('repair'), repaired: handler('repaired'), scrap: handler('scrap') };
}
