import type { Aedes, AuthenticateError } from 'aedes';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { device } from '../db/schema.js';
import { loadDeviceSecretKey, verifyDeviceSecret } from './identity/secret.js';
import type { BrokerMetrics } from './metrics.js';

/** Topics a box publishes on, each `<kind>/<its gateway_id>/v1`; it subscribes only to its `control/…/v1`. */
const PUBLISH_KINDS = new Set(['data', 'echo', 'state', 'traffic', 'ota']);

function refused(returnCode: 4 | 5): AuthenticateError {
  return Object.assign(new Error(returnCode === 4 ? '用户名或密码错误' : '未授权'), { returnCode });
}

/** What a box login is checked against. */
export interface BoxCredentials {
  secret_hash: string;
  state: string;
}
export type CredentialLookup = (gatewayId: string) => Promise<BoxCredentials | null>;

/**
 * Box credentials read in batches: the logins that arrive within `windowMs` (or `max` of them) share one indexed
 * query, so a fleet reconnecting at once after a restart costs the database a few hundred statements, not one per
 * box. Always read fresh: a reset secret or a scrapped box counts from the next login on.
 */
export function credentialLookup(db: Db, windowMs = 2, max = 500): CredentialLookup {
  type Waiter = { resolve(row: BoxCredentials | null): void; reject(err: unknown): void };
  let pending = new Map<string, Waiter[]>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = new Map();
    db.select({ gateway_id: device.gateway_id, secret_hash: device.secret_hash, state: device.state })
      .from(device)
      .where(inArray(device.gateway_id, [...batch.keys()]))
      .then(
        (rows) => {
          const found = new Map(rows.map((r) => [r.gateway_id, r]));
          for (const [id, waiters] of batch) for (const w of waiters) w.resolve(found.get(id) ?? null);
        },
        (err: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      );
  };
  return (gatewayId) =>
    new Promise((resolve, reject) => {
      const waiters = pending.get(gatewayId) ?? [];
      waiters.push({ resolve, reject });
      pending.set(gatewayId, waiters);
      if (pending.size >= max) flush();
      else timer ??= setTimeout(flush, windowMs);
    });
}

/** Why a box login is refused (the reason label of mqtt_auth_failures_total) and its CONNACK code. */
export type BoxLoginVerdict = { ok: true } | { ok: false; reason: string; code: 4 | 5 };

/**
 * The box login rule, for the embedded broker and an external one's hooks alike: client id = username =
 * gateway_id, password = the box's secret (checked against its keyed hash), a scrapped box refused.
 */
export async function checkBoxLogin(
  lookup: CredentialLookup,
  key: string,
  clientId: string,
  username: string | undefined,
  password: string | undefined,
): Promise<BoxLoginVerdict> {
  if (!username || !password) return { ok: false, reason: 'missing_credentials', code: 4 };
  if (clientId !== username) return { ok: false, reason: 'client_id_mismatch', code: 4 };
  const box = await lookup(username);
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
 * hash, the logins of a few milliseconds read in one query). A publish outside its own topics closes the connection (MQTT 3.1.1 has
 * no way to refuse one); a subscribe outside `control/<own>/v1` is granted 128. In-process publishes pass.
 */
export async function guardBoxes(aedes: Aedes, db: Db, metrics: BrokerMetrics): Promise<void> {
  const key = await loadDeviceSecretKey(db);
  const lookup = credentialLookup(db);
  aedes.authenticate = (client, username, password, done) => {
    checkBoxLogin(lookup, key, client.id, username, password?.toString())
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
