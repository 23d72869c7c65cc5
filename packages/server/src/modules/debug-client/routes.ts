import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEBUG_CLIENT_HUB_URL,
  DEBUG_CLIENT_PATH,
  debugClientConfigSchema,
  debugClientHubSchema,
  debugClientResource as resource,
  debugClientSchema,
  envelopeSchema,
  idParamSchema,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { debugClient } from '../../db/schema.js';
import { notFound, refused } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { customerScope } from '../../http/scope.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { endClientSessions } from './end-sessions.js';
import { clientConfig, hubReadiness } from './hub.js';
import { MSG } from './messages.js';
import { type MadeKeys, checkClientWrite, clientColumns } from './rules.js';
import { qrDataUrl } from './qr.js';
import { withPeerState } from './peer-state.js';

/** What the create answers besides the client: its file (with the private key when made here) and its QR code. */
const createdFields = z.object({ config: z.string().optional(), qr: z.string().optional() });

/**
 * 调试代理 (/system/debug_client): engineers' WireGuard clients. A user makes its own (a key pair made here and
 * shown once in the file and its QR code, or its own public key), in its company's scope; deleting one revokes it
 * at once: the hub drops the peer and every session of the client ends. `GET …/hub` tells whether remote access
 * is set up; `GET …/{id}/config` gives the file again without a private key.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const made: MadeKeys = new WeakMap();
  /** The file and QR code of a client created in this request, for its answer only. */
  const files = new WeakMap<object, { config: string; qr: string }>();
  const read = { menu: DEBUG_CLIENT_PATH, action: 'query' as const };

  typed.get(
    DEBUG_CLIENT_HUB_URL,
    { config: { access: read }, schema: { tags: [resource.title], summary: '远程访问是否已配置 (VPN 服务器的地址、公钥与令牌)', response: { 200: envelopeSchema(debugClientHubSchema) } } },
    async () => ok(hubReadiness(deps.config)),
  );

  typed.get(
    `${DEBUG_CLIENT_PATH}/:id/config`,
    {
      config: { access: read },
      schema: { tags: [resource.title], summary: '再次下载客户端的 WireGuard 配置文件 (不含私钥)', params: idParamSchema, response: { 200: envelopeSchema(debugClientConfigSchema) } },
    },
    async (req) => {
      const [row] = await deps.db
        .select({ name: debugClient.name, address: sql<string>`host(${debugClient.address})`, username: sql<string>`coalesce((select username from admin_user where admin_user.id = debug_client.user_id), '')` })
        .from(debugClient)
        .where(sql`${debugClient.id} = ${req.params.id} and ${customerScope(req.user, debugClient.customer_id) ?? sql`true`}`);
      if (!row) throw notFound(MSG.notFound);
      const hub = hubReadiness(deps.config);
      if (!deps.config.vpnHub || !hub.ready) throw refused(MSG.hubUnset(hub.missing));
      return ok({ config: await clientConfig(deps.db, deps.config.vpnHub, row) });
    },
  );

  registerResource(app, deps, {
    resource,
    table: debugClient,
    scope: 'customer_id',
    keywords: ['name', 'location', sql`host(debug_client.address)`, sql`(select username from admin_user where admin_user.id = debug_client.user_id)`],
    derived: {
      username: sql<string>`coalesce((select username from admin_user where admin_user.id = debug_client.user_id), '')`,
      company_name: sql<string>`coalesce((select company_name from customer where customer.id = debug_client.customer_id), '')`,
    },
    checkWrite: checkClientWrite(deps.config),
    toColumns: clientColumns(made),
    async afterWrite(req, row, current, tx) {
      if (current || !deps.config.vpnHub) return;
      const privateKey = made.get(req);
      const username = req.user.username;
      const config = await clientConfig(tx, deps.config.vpnHub, { name: row.name, username, address: String(row.address), privateKey });
      // the QR code carries the private key: made only when the file holds it (the user's own key stays with the user)
      files.set(req, { config, qr: privateKey ? await qrDataUrl(config) : '' });
    },
    afterDelete: async (req, rows, tx) => endClientSessions(req, rows, tx, deps),
    decorate: async (rows) => withPeerState(rows, deps.remote.peers, deps.clock.now()),
    serialize: (row) =>
      debugClientSchema.parse({
        ...row,
        address: String(row.address),
        latest_handshake: row.latest_handshake?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      }),
    detail: { schema: debugClientSchema.extend(createdFields.shape), read: async (_rows, items) => items },
    present: (req: FastifyRequest, item) => (files.has(req) ? { ...item, ...files.get(req) } : item),
    sheet: [
      { key: 'name', width: 20 },
      { key: 'location', width: 20 },
      { key: 'address', width: 16 },
      { key: 'username', width: 16 },
      { key: 'company_name', width: 24 },
      { key: 'public_key', width: 48 },
      { key: 'connected', value: (row) => (row.connected ? '已连接' : '未连接') },
      { key: 'latest_handshake', width: 20, value: (row) => (row.latest_handshake ? zoneTime(new Date(row.latest_handshake)) : '') },
      { key: 'rx_bytes', width: 14 },
      { key: 'tx_bytes', width: 14 },
      { key: 'created_at', width: 20, value: (row) => zoneTime(new Date(row.created_at)) },
    ],
  });
}
