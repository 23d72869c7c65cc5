import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LICENSE_MENU, LICENSE_PATH, envelopeSchema, licenseResource as resource, licenseVerdictSchema, licenseVerifyBodySchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { license } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { customerScope } from '../../http/scope.js';
import { type LicensePush, pushLicense } from '../../mqtt/commands/license.js';
import { loadLicenseKey } from '../tools/license-key.js';
import { syncTunnelsAfterResponse } from '../../mqtt/tunnel/after-response.js';
import { giveMachineNet } from '../machine-tool/rules.js';
import { MSG, checkCertificate, licenseStateSql, newLicenseColumns, requireIssuer, revokeLicense } from './rules.js';

/**
 * 授权生成 (/system/gen_license, API /system/license): the platform's staff issue signed licence certificates
 * for boxes and revoke them; a customer's users read the licences of their subtree's boxes. A licence is never
 * deleted, and anyone holding the page's 查询 may check a certificate.
 */
export default async function routes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const key = await loadLicenseKey(db);
  /** A licence issued or revoked in a request: pushed to its box once the answer went out (committed). */
  const pushes = new WeakMap<object, LicensePush>();
  app.addHook('onResponse', async (req, reply) => {
    const push = pushes.get(req);
    if (push && reply.statusCode === 200) pushLicense(deps.commands, push);
  });
  // the box's licence in force decides whether it may tunnel: issued or revoked, its tunnel is looked at again
  const syncTunnels = syncTunnelsAfterResponse(app, deps);

  app.withTypeProvider<ZodTypeProvider>().post(
    `${LICENSE_PATH}/verify`,
    {
      config: { access: { menu: LICENSE_MENU, action: 'query' } },
      schema: { tags: [resource.title], summary: '校验授权证书', body: licenseVerifyBodySchema, response: { 200: envelopeSchema(licenseVerdictSchema) } },
    },
    async (req) => {
      const verdict = await checkCertificate(db, req.body.certificate, key.publicKeyPem);
      return ok(verdict, verdict.reason ?? '授权有效');
    },
  );

  registerResource(app, deps, {
    resource,
    table: license,
    keywords: ['gateway_id', 'finger_print', 'remark'],
    // a customer's users see the licences of the boxes in their subtree; a licence without a box is the vendor's
    baseWhere: (req) => customerScope(req.user, sql`(select d.customer_id from device d where d.id = license.device_id)`),
    where: { state: (value) => sql`${licenseStateSql} = ${value}` },
    derived: { state: sql<string>`${licenseStateSql}` },
    checkWrite: async (req) => requireIssuer(req, MSG.vendorOnlyIssue),
    toColumns: (values, req, tx) => newLicenseColumns(values, req, tx, key),
    afterWrite: async (req, row, current, tx) => {
      if (!current && row.gateway_id) pushes.set(req, { gatewayId: row.gateway_id, certificate: row.certificate });
      if (!current && row.device_id !== null) {
        if (row.vpn) await giveMachineNet(tx, row.device_id);
        syncTunnels(req, [row.device_id]);
      }
    },
    actions: {
      revoke: async (req, [row], body: { reason: string }, tx) => {
        await revokeLicense(req, tx, row, body.reason);
        if (row.gateway_id) pushes.set(req, { gatewayId: row.gateway_id, revoked: true });
        if (row.device_id !== null) syncTunnels(req, [row.device_id]);
        return ok(null, '已吊销');
      },
    },
  });
}
