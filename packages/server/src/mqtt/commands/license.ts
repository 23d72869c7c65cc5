import { and, desc, eq } from 'drizzle-orm';
import { BOX_API } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import { license } from '../../db/schema.js';
import type { BoxLink } from '../link.js';
import type { BoxCommands } from './types.js';

import { licenseInForce } from '../../db/license-in-force.js';

export { licenseInForce };

/** What to tell a box about its licence: install a certificate, or remove the one it holds. */
export type LicensePush = { gatewayId: string; certificate: string } | { gatewayId: string; revoked: true };

/**
 * Pushes a licence change to its box, fire and forget: a failure (offline, no answer, the box refusing) is
 * logged; an offline box gets its licence in force when it is next reachable (pushLicenseWhenReachable).
 */
export function pushLicense(commands: BoxCommands | undefined, push: LicensePush, options: { reachable?: boolean } = {}): void {
  if (!commands || !push.gatewayId) return;
  const command = 'certificate' in push
    ? { method: 'POST' as const, url: BOX_API.license, data: { license: push.certificate } }
    : { method: 'DELETE' as const, url: BOX_API.license };
  commands.send(push.gatewayId, command, options).then(
    (reply) => {
      if (reply.ret !== 0) console.warn(`设备 ${push.gatewayId} 拒绝了授权推送: ret ${reply.ret}`);
    },
    (error: Error) => console.warn(`授权推送到设备 ${push.gatewayId} 失败: ${error.message}`),
  );
}

/**
 * A box that becomes reachable (subscribed to its control topic, or announced online through an external broker)
 * gets its licence in force, the newest issued, if any.
 */
export function pushLicenseWhenReachable(link: BoxLink, deps: CoreDeps, commands: BoxCommands): () => void {
  let stopped = false;
  link.onReachable((gatewayId) => {
    if (stopped) return;
    deps.db
      .select({ certificate: license.certificate })
      .from(license)
      .where(and(eq(license.gateway_id, gatewayId), licenseInForce))
      .orderBy(desc(license.iat), desc(license.id))
      .limit(1)
      .then(([current]) => {
        // reachable now, whether or not its presence row is written yet
        if (current && !stopped) pushLicense(commands, { gatewayId, certificate: current.certificate }, { reachable: true });
      })
      .catch((error: unknown) => console.warn(`读取设备 ${gatewayId} 的授权失败`, error));
  });
  return () => {
    stopped = true;
  };
}
