import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Db } from '../../db/client.js';

/**
 * /custom/api/healthz (checks the database) and /custom/api/metrics (Prometheus text): request counts and
 * durations by route template, plus the process defaults. Returns the registry for other parts' metrics.
 */
export function registerHealth(app: FastifyInstance, db: Db): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
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

  app.get('/custom/api/metrics', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
