import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { HUB_API, applyChineseMessages, serverSlugs } from '@gw/contracts';
import type { AppDeps, CoreDeps, ModuleRoutes } from './app-deps.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { seed } from './db/seed.js';
import { frameworkErrorReply, registerErrorHandler } from './http/error-handler.js';
import { API_PREFIX, registerGuard } from './http/guard.js';
import { namedPlugin } from './http/named-plugin.js';
import { BODY_CEILING_BYTES, registerBodyLimits } from './http/body-limit.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { strictBodyValidator } from './http/validator.js';
import { CountCache } from './http/resource/count-cache.js';
import { type ExportRunner, exportRunner } from './jobs/export-runner.js';
import { sheetJobs } from './jobs/sheets.js';
import { type Clock, systemClock } from './lib/clock.js';
import { TokenSigner } from './lib/token.js';
import { LocalLiveBus } from './live/bus.js';
import { registerLiveChannel } from './live/channel.js';
import { startLiveBus } from './live/start.js';
import { debugSessionRoutes } from './modules/debug-session/routes.js';
import { noticeRoutes } from './modules/notice/routes.js';
import { shortUrlRedirectRoutes } from './modules/short-url/routes.js';
import { amapKeySet, registerConsole } from './modules/site/console.js';
import { registerDocs } from './modules/site/docs.js';
import { metricsRegistry, registerHealth } from './modules/site/health.js';
import { Captchas } from './modules/tools/captcha.js';
import { toolsRoutes } from './modules/tools/routes.js';
import { type StartedMqtt, startMqtt } from './mqtt/start.js';
import { startRemoteAccess } from './remote-access/index.js';
import { userRoutes } from './modules/user/routes.js';
import { vpnHubRoutes } from './modules/vpn-hub/routes.js';
import { wechatCallbackRoutes, wechatRoutes } from './modules/wechat/routes.js';
import { Sessions } from './modules/user/sessions.js';
import { setPlatformZone } from './lib/platform-zone.js';
import { backfillMachineDays } from './modules/machine-tool/backfill-days.js';

// Chinese validation messages for every schema, on the server as in the console.
applyChineseMessages();

/** The services an app runs beside its routes: the box link, the console's live channel, the export runner. */
export const SERVICES = ['mqtt', 'live', 'jobs'] as const;
export type Service = (typeof SERVICES)[number];

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /**
   * The services to start; a server starts them all (the default). A test names those it needs: without 'mqtt'
   * the app has no box link (as with MQTT_BROKER=off), without 'live' its events stay in process and no tab
   * connects, without 'jobs' queued exports wait (as for another node's runner).
   */
  services?: readonly Service[];
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** The super user's password when this start generated it (first start without ADMIN_PASSWORD). */
  generatedPassword?: string;
}

/** A slug is a folder's name: lower-case words joined by '-'. */
const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The routes of a menu's module, `modules/<slug>/routes.ts`: its default export. */
async function moduleRoutes(slug: string): Promise<ModuleRoutes> {
  const folder = new URL(`./modules/${slug}/`, import.meta.url);
  // routes.js once built, routes.ts where the sources run (the tests): imported by the file's own URL, which
  // vitest resolves from any project's root, where a relative specifier ending in .js finds no .ts outside it
  const file = SLUG.test(slug) ? ['routes.js', 'routes.ts'].map((name) => new URL(name, folder)).find((url) => existsSync(url)) : undefined;
  if (!file) throw new Error(`菜单 ${slug} 没有服务端模块`);
  const loaded = (await import(/* @vite-ignore */ file.href)) as { default?: unknown };
  if (typeof loaded.default !== 'function') throw new Error(`菜单 ${slug} 的服务端模块 (modules/${slug}/routes) 没有默认导出它的路由`);
  return loaded.default as ModuleRoutes;
}

/**
 * The routes of every menu whose API the server serves, from the contracts' menus: each slug's module in a scope
 * of its own under the API prefix, in menu order. A slug without a module stops the start.
 */
export async function registerMenuModules(app: FastifyInstance, deps: AppDeps, slugs: readonly string[] = serverSlugs()): Promise<void> {
  for (const slug of slugs) {
    const routes = await moduleRoutes(slug);
    await app.register(namedPlugin(`menu ${slug}`, async (scope) => routes(scope, deps)), { prefix: API_PREFIX });
  }
}

/** TRUST_PROXY as a hop count: believe the addresses that many proxies appended. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Seeds the database and assembles the server: the services first (every one in deps before the first route
 * registers), then framework plugins, then app plugins, then routes; boxes are let in last. A start that fails
 * stops what it had started.
 */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, db } = options;
  const services = new Set(options.services ?? SERVICES);
  // one zone per process: every day boundary and every time the server writes reads it
  setPlatformZone(config.timeZone);
  const seeded = await seed(db, { superUser: config.superUser, adminPassword: config.adminPassword });
  const signer = new TokenSigner(config.jwtSecret || seeded.jwtSecret);

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // a hop count as the function Fastify's types take: believe the addresses that many proxies appended
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_CEILING_BYTES,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();
  try {
    const started = await startServices(app, options, services, signer);
    await registerRoutes(app, started);
    // last, once the whole app stands, so that a start failing on a route has taken nothing from the other nodes:
    // no job (the runner finds a job's resource by the path its routes register) and no box's message (an external
    // broker shares the fleet's messages among the nodes subscribed; an embedded one's boxes would be dropped)
    await started.jobs?.start();
    // once after the upgrade that added machine_day: the days before it, before a box's reading moves any day on
    const filled = await backfillMachineDays(db, started.deps.clock.now());
    if (filled) app.log.info({ days: filled }, '已从历史状态与产量补齐机床每日数据');
    started.mqtt?.open();
    return { app, deps: started.deps, generatedPassword: seeded.generatedPassword };
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}

interface StartedServices {
  deps: AppDeps;
  mqtt?: StartedMqtt;
  /** The export runner, taking jobs once started: a job names its resource by the route path its routes register. */
  jobs?: ExportRunner;
}

/**
 * The app's services, in the order they use each other: the shared ones, the live bus, the box link (which
 * publishes on it), then deps whole, the live channel (the console's tabs, on the HTTP server's upgrades) and
 * the export runner. Each stops with the app; onClose hooks run last added first, so the bus closes after
 * everything that publishes on it.
 */
async function startServices(app: FastifyInstance, options: AppOptions, services: ReadonlySet<Service>, signer: TokenSigner): Promise<StartedServices> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  // without the live service (a test that does not ask for it) events stay in this process and no tab connects
  const live = services.has('live') ? await startLiveBus(app, db) : new LocalLiveBus();
  // remote access does not wait for the box link: the hub, its clients and their sessions work with MQTT off
  const remote = startRemoteAccess({ db, clock, live }, app.log);
  app.addHook('onClose', async () => remote.stop());
  const core: CoreDeps = {
    config,
    db,
    clock,
    sessions: new Sessions({ db, clock, signer, superUser: config.superUser, ttlHours: config.tokenTtlHours, cacheMs: config.sessionCacheMs }),
    captchas: new Captchas(db, clock),
    counts: new CountCache(config.listCountCacheMs),
    sheets: sheetJobs,
    metrics: metricsRegistry(),
    live,
    remote,
  };
  const mqtt = services.has('mqtt') ? await startMqtt(app, core) : undefined;
  const deps: AppDeps = { ...core, ...mqtt?.deps };
  if (services.has('live')) registerLiveChannel(app, deps, deps.metrics);
  let jobs: ExportRunner | undefined;
  if (services.has('jobs')) {
    const runner = exportRunner(deps, { log: app.log });
    app.addHook('onClose', () => runner.stop());
    jobs = runner;
  }
  return { deps, mqtt, jobs };
}

/** Framework plugins, app plugins, then every route, on services that are all there. */
async function registerRoutes(app: FastifyInstance, { deps, mqtt }: StartedServices): Promise<void> {
  const { config, db, clock } = deps;
  app.setValidatorCompiler(strictBodyValidator);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    // any write may change any list's total: this node counts afresh (others within LIST_COUNT_CACHE_MS)
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') deps.counts.forgetAll();
    done(null, payload);
  });
  // any committed write may change what the hub lets through (a licence, a box moved, a user disabled, a client,
  // a session): the hub's watch on this node reads its state again and the sessions are swept. A write's
  // transaction has committed once its answer is a 200; the hub's own report changes no state.
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode !== 200 || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (req.url.startsWith(`${API_PREFIX}/`) && !req.url.startsWith(`${API_PREFIX}${HUB_API.status}`)) deps.remote.changed();
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, { amapEnabled: amapKeySet(db) });
  registerBodyLimits(app, config.jsonBodyLimitKb * 1024);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 20, fields: 20 } });
  await registerDocs(app);
  // before any route, so that it sees every one (the OpenAPI document takes which need the token from it)
  registerGuard(app, deps.sessions, db);
  registerHealth(app, deps);
  registerRateLimits(app, config.rateLimits, () => clock.now().getTime());

  await app.register(namedPlugin('user', userRoutes), { prefix: API_PREFIX, ...deps });
  await app.register(namedPlugin('tools', toolsRoutes), { prefix: API_PREFIX, ...deps });
  await registerMenuModules(app, deps);
  // the platform's routes that are no menu's: the box drawer's 远程调试, the WeChat binding, the outbox of WeChat
  // notices, the VPN hub's own
  await app.register(namedPlugin('debug session', async (scope) => debugSessionRoutes(scope, deps)), { prefix: API_PREFIX });
  await app.register(namedPlugin('wechat', async (scope) => wechatRoutes(scope, deps)), { prefix: API_PREFIX });
  await app.register(namedPlugin('notice', async (scope) => noticeRoutes(scope, deps)), { prefix: API_PREFIX });
  await app.register(namedPlugin('vpn hub', async (scope) => vpnHubRoutes(scope, deps)), { prefix: API_PREFIX });
  // public, at their own full paths: WeChat's callback, the short-link redirect and the box link's own (EMQX's hooks)
  await app.register(namedPlugin('wechat callback', async (scope) => wechatCallbackRoutes(scope, deps)));
  await app.register(namedPlugin('short url redirect', async (scope) => shortUrlRedirectRoutes(scope, deps)));
  await mqtt?.registerRoutes(app);

  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await registerConsole(app, config.webDist, uploadsDir);
}
