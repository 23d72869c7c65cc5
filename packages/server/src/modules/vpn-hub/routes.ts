import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HUB_API, HUB_WATCH_SECONDS, envelopeSchema, hubFeedSchema, hubStatusReportSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { ok } from '../../http/reply.js';
import { hubFeed } from './feed.js';
import { hubTokenCheck } from './token.js';
import { feedWatch } from './watch.js';

const tags = ['vpn-hub'];
const AUTH = '集线器专用: 请求头 Authorization: Bearer <VPN_HUB_TOKEN>, 不用登录令牌';
/** Rows the hub would refuse are logged once each, not at every read of the state. */
const WARNED_MAX = 1000;

/**
 * The WireGuard hub's side of the platform: its desired state (and a long poll on it) and its report of its
 * peers. Registered only with VPN_HUB_TOKEN set; without it these paths answer 404 like any unknown one, and
 * remote access is not set up. The routes are public to the session guard: the token is their own check.
 */
export function vpnHubRoutes(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.vpnHubToken) return;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', hubTokenCheck(deps.config.vpnHubToken));
  const warned = new Set<string>();
  const warn = (line: string) => {
    if (warned.has(line)) return;
    if (warned.size > WARNED_MAX) warned.clear();
    warned.add(line);
    app.log.warn(line);
  };
  const read = () => hubFeed(deps.db, deps.config.vpnHub, warn, deps.clock.now());
  const watch = feedWatch(read, (listener) => deps.remote.onChange(listener));
  const config = { access: 'public' as const };
  // a stopping node answers its watches at once (the hub asks another node or again), rather than holding its close 25 s
  const waiting = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const watching of waiting) watching.abort();
  });

  typed.get(HUB_API.state, { config, schema: { tags, summary: `集线器的期望状态 (${AUTH})`, response: { 200: envelopeSchema(hubFeedSchema) } } }, async () => ok(await read()));

  typed.get(
    HUB_API.watch,
    {
      config,
      schema: {
        tags,
        summary: `等待集线器状态变化: 版本不同时立即返回, 否则变化时或最长 ${HUB_WATCH_SECONDS} 秒后返回当前状态 (${AUTH})`,
        querystring: z.object({
          version: z.string().max(64, '版本最多 64 个字符').default(''),
          wait: z.coerce.number().int('等待秒数应为整数').min(1, '等待秒数至少 1').max(HUB_WATCH_SECONDS, `等待秒数最多 ${HUB_WATCH_SECONDS}`).default(HUB_WATCH_SECONDS),
        }),
        response: { 200: envelopeSchema(hubFeedSchema) },
      },
    },
    async (req, reply) => {
      // the hub hung up (its restart, its own timeout): stop waiting for it
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      waiting.add(gone);
      try {
        return ok(await watch.next(req.query.version, req.query.wait * 1000, gone.signal));
      } finally {
        waiting.delete(gone);
      }
    },
  );

  typed.post(
    HUB_API.status,
    { config, schema: { tags, summary: `集线器上报各对端的最近握手与流量 (${AUTH})`, body: hubStatusReportSchema, response: { 200: envelopeSchema(z.object({ peers: z.number() })) } } },
    async (req) => {
      deps.remote.peers.replace(req.body.peers);
      return ok({ peers: req.body.peers.length });
    },
  );
}
