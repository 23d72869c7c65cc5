import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client, { type Registry } from 'prom-client';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { API_PREFIX } from '../../http/guard.js';
import { boxMayPublish, boxMaySubscribe, checkBoxLogin, credentialLookup } from '../box-access.js';
import { loadDeviceSecretKey } from '../identity/secret.js';

export const EMQX_AUTHN_PATH = `${API_PREFIX}/mqtt/emqx/authn`;
export const EMQX_AUTHZ_PATH = `${API_PREFIX}/mqtt/emqx/authz`;
export const HOOK_SECRET_HEADER = 'x-hook-secret';

/** mqtt_auth_failures_total, shared with the embedded broker's metrics when both exist on one registry. */
export function authFailureCounter(registry: Registry): client.Counter<'reason'> {
  return (
    (registry.getSingleMetric('mqtt_auth_failures_total') as client.Counter<'reason'> | undefined) ??
    new client.Counter({ name: 'mqtt_auth_failures_total', help: 'Refused MQTT logins by reason', labelNames: ['reason'], registers: [registry] })
  );
}

// EMQX sends the body its operator templated: keys beyond those read here are the operator's, and taken
const authnBody = z.looseObject({ clientid: z.string().default(''), username: z.string().default(''), password: z.string().default(''), peerhost: z.string().optional() });
const authzBody = z.looseObject({ clientid: z.string().default(''), username: z.string().default(''), action: z.string(), topic: z.string(), qos: z.coerce.number().optional() });

/**
 * EMQX 5's HTTP authentication and authorization hooks, with the embedded broker's rules (box-access.ts).
 * Public routes (EMQX has no session), protected by the shared secret EMQX sends in the x-hook-secret header;
 * not registered at all without EMQX_HOOK_SECRET (404). The server's own login (MQTT_USERNAME/MQTT_PASSWORD)
 * is a superuser. Configure in EMQX: body {"clientid":"${clientid}","username":"${username}",
 * "password":"${password}","peerhost":"${peerhost}"} and {"clientid":"${clientid}","username":"${username}",
 * "action":"${action}","topic":"${topic}","qos":"${qos}"}, header x-hook-secret.
 */
export async function registerEmqxHooks(
  app: FastifyInstance,
  options: { db: Db; secret: string; serverUsername: string; serverPassword: string; registry: Registry },
): Promise<void> {
  const key = await loadDeviceSecretKey(options.db);
  const lookup = credentialLookup(options.db);
  const failures = authFailureCounter(options.registry);
  const secretOk = (given: unknown) => {
    const a = Buffer.from(typeof given === 'string' ? given : '');
    const b = Buffer.from(options.secret);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const isServer = (username: string) => !!options.serverUsername && username === options.serverUsername;
  const guard = { config: { access: 'public' as const } };

  app.post(EMQX_AUTHN_PATH, guard, async (req, reply) => {
    if (!secretOk(req.headers[HOOK_SECRET_HEADER])) return reply.code(403).send({ result: 'deny', message: '钩子密钥错误' });
    const parsed = authnBody.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ result: 'deny', message: '请求体格式错误' });
    const { clientid, username, password } = parsed.data;
    if (isServer(username)) {
      const a = Buffer.from(password);
      const b = Buffer.from(options.serverPassword);
      if (a.length === b.length && timingSafeEqual(a, b)) return { result: 'allow', is_superuser: true };
      failures.inc({ reason: 'wrong_secret' });
      return { result: 'deny', is_superuser: false };
    }
    const verdict = await checkBoxLogin(lookup, key, clientid, username, password);
    if (!verdict.ok) failures.inc({ reason: verdict.reason });
    return { result: verdict.ok ? 'allow' : 'deny', is_superuser: false };
  });

  app.post(EMQX_AUTHZ_PATH, guard, async (req, reply) => {
    if (!secretOk(req.headers[HOOK_SECRET_HEADER])) return reply.code(403).send({ result: 'deny', message: '钩子密钥错误' });
    const parsed = authzBody.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ result: 'deny', message: '请求体格式错误' });
    const { clientid, username, action, topic } = parsed.data;
    if (isServer(username)) return { result: 'allow', is_superuser: true };
    const allowed = clientid === username && (action === 'publish' ? boxMayPublish(clientid, topic) : action === 'subscribe' ? boxMaySubscribe(clientid, topic) : false);
    return { result: allowed ? 'allow' : 'deny', is_superuser: false };
  });
}
