import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { AppDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';
import { addressList } from '../../http/address-list.js';

export const METRICS_MSG = {
  badToken: '读取监控指标需要正确的令牌 (Authorization: Bearer)',
  notAllowed: '不允许从此地址读取监控指标',
} as const;

/** Equal strings, compared in time that does not depend on where they differ (digests of equal length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics (route names, counts, the process's memory): a request with the right bearer token
 * (METRICS_TOKEN) from anywhere, or one from an allowed address (METRICS_ALLOW, loopback by default). A request
 * that passed through a proxy (X-Forwarded-For or Forwarded) while TRUST_PROXY is off does not count as coming
 * from the proxy's address: a reverse proxy on the same machine would otherwise make every visitor local.
 */
function metricsGate(config: Pick<Config, 'metricsToken' | 'metricsAllow' | 'trustProxy'>) {
  const allowed = addressList(config.metricsAllow, 'METRICS_ALLOW');
  return (req: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const auth = req.headers.authorization;
    if (config.metricsToken && auth !== undefined) {
      const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1] ?? '';
      if (sameSecret(token, config.metricsToken)) return undefined;
      return refuse(reply, 401, METRICS_MSG.badToken);
    }
    const proxied = !config.trustProxy && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined);
    if (!proxied && allowed(req.ip)) return undefined;
    return config.metricsToken ? refuse(reply, 401, METRICS_MSG.badToken) : refuse(reply, 403, METRICS_MSG.notAllowed);
  };
}

function refuse(reply: FastifyReply, code: 401 | 403, message: string): FastifyReply {
  if (code === 401) reply.header('www-authenticate', 'Bearer');
  return reply.code(code).type('application/json; charset=utf-8').send({ code, message, data: null });
}

/** The registry of this node's metrics, with the process defaults: the parts of the app add theirs (deps.metrics). */
export function metricsRegistry(): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * /custom/api/healthz (checks the database) and /custom/api/metrics (Prometheus text): request counts and
 * durations by route template, plus the process defaults, for the token or the allowed addresses only.
 */
export function registerHealth(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config' | 'metrics'>): void {
  const { db, config, metrics: registry } = deps;
  const gate = metricsGate(config);
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const dbUp = new client.Gauge({ name: 'db_up', help: '1 when the last health check reached the database', registers: [registry] });

  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/custom/api/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    const started = performance.now();
    try {
      await db.execute(sql`select 1`);
      dbUp.set(1);
      return { code: 200, message: '正常', data: { status: 'ok', database: 'ok', db_ms: Math.round(performance.now() - started), uptime_s: Math.round(process.uptime()) } };
    } catch (err) {
      dbUp.set(0);
      app.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ code: 503, message: '数据库不可用', data: { status: 'down', database: 'down' } });
    }
  });

  app.get('/custom/api/metrics', { logLevel: 'warn' }, async (req, reply) => {
    const refused = gate(req, reply);
    if (refused) return refused;
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
