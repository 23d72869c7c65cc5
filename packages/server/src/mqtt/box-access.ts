import type { Aedes, AuthenticateError } from 'aedes';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { device } from '../db/schema.js';
import { loadDeviceSecretKey } from '../modules/fleet/device/rules.js';
import { verifyDeviceSecret } from '../modules/fleet/secret.js';
import type { BrokerMetrics } from './metrics.js';

/** Topics a box publishes on, each `<kind>/<its gateway_id>/v1`; it subscribes only to its `control/…/v1`. */
const PUBLISH_KINDS = new Set(['data', 'echo', 'state', 'traffic', 'ota']);

function refused(returnCode: 4 | 5): AuthenticateError {
  return Object.assign(new Error(returnCode === 4 ? '用户名或密码错误' : '未授权'), { returnCode });
}

/** Why a box login is refused (the reason label of mqtt_auth_failures_total) and its CONNACK code. */
export type BoxLoginVerdict = { ok: true } | { ok: false; reason: string; code: 4 | 5 };

/**
 * The box login rule, for the embedded broker and an external one's hooks alike: client id = username =
 * gateway_id, password = the box's secret (checked against its keyed hash), a scrapped box refused.
 */
export async function checkBoxLogin(db: Db, key: string, clientId: string, username: string | undefined, password: string | undefined): Promise<BoxLoginVerdict> {
  if (!username || !password) return { ok: false, reason: 'missing_credentials', code: 4 };
  if (clientId !== username) return { ok: false, reason: 'client_id_mismatch', code: 4 };
  const [box] = await db.select({ secret_hash: device.secret_hash, state: device.state }).from(device).where(eq(device.gateway_id, username));
  if (!box) return { ok: false, reason: 'unknown_box', code: 4 };
  if (!verifyDeviceSecret(key, password, box.secret_hash)) return { ok: false, reason: 'wrong_secret', code: 4 };
  if (box.state === 'scrapped') return { ok: false, reason: 'scrapped', code: 5 };
  return { ok: true };
}

/** A box publishes only on `<kind>/<its own id>/v1`. */
export function boxMayPublish(clientId: string, topic: string): boolean {
  const [kind, owner, version, ...rest] = topic.split('/');
  return PUBLISH_KINDS.has(kind) && owner === clientId && version === 'v1' && !rest.length;
}

/** A box subscribes only to its own `control/<id>/v1`. */
export function boxMaySubscribe(clientId: string, topic: string): boolean {
  return topic === `control/${clientId}/v1`;
}

/**
 * Box login and ACL: client id = username = gateway_id, password = the box's secret (checked against its keyed
 * hash, one indexed query per connect). A publish outside its own topics closes the connection (MQTT 3.1.1 has
 * no way to refuse one); a subscribe outside `control/<own>/v1` is granted 128. In-process publishes pass.
 */
export async function guardBoxes(aedes: Aedes, db: Db, metrics: BrokerMetrics): Promise<void> {
  const key = await loadDeviceSecretKey(db);
  aedes.authenticate = (client, username, password, done) => {
    checkBoxLogin(db, key, client.id, username, password?.toString())
      .then((verdict) => {
        if (verdict.ok) return done(null, true);
        metrics.authFailures.inc({ reason: verdict.reason });
        done(refused(verdict.code), false);
      })
      .catch((err: Error) => done(Object.assign(err, { returnCode: 3 as const }), false));
  };
  aedes.authorizePublish = (client, packet, done) => {
    if (!client) return done(null);
    done(boxMayPublish(client.id, packet.topic) ? null : new Error('无权发布到该主题'));
  };
  aedes.authorizeSubscribe = (client, sub, done) => {
    done(null, client && boxMaySubscribe(client.id, sub.topic) ? sub : null);
  };
}
