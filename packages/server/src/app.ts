import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { applyChineseMessages, serverSlugs } from '@gw/contracts';
import type { AppDeps, ModuleRoutes } from './app-deps.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { seed } from './db/seed.js';
import { frameworkErrorReply, registerErrorHandler } from './http/error-handler.js';
import { API_PREFIX, registerGuard } from './http/guard.js';
import { BODY_CEILING_BYTES, registerBodyLimits } from './http/body-limit.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { strictBodyValidator } from './http/validator.js';
import { CountCache } from './http/resource/count-cache.js';
import { startJobs } from './jobs/export-runner.js';
import { sheetJobs } from './jobs/sheets.js';
import { type Clock, systemClock } from './lib/clock.js';
import { TokenSigner } from './lib/token.js';
import { liveBusFor } from './live/pg-bus.js';
import { startLive } from './live/start.js';
import { noticeRoutes } from './modules/notice/routes.js';
import { shortUrlRedirectRoutes } from './modules/short-url/routes.js';
import { amapKeySet, registerConsole } from './modules/site/console.js';
import { registerDocs } from './modules/site/docs.js';
import { metricsRegistry, registerHealth } from './modules/site/health.js';
import { Captchas } from './modules/tools/captcha.js';
import { toolsRoutes } from './modules/tools/routes.js';
import { startMqtt } from './mqtt/start.js';
import { userRoutes } from './modules/user/routes.js';
import { wechatCallbackRoutes, wechatRoutes } from './modules/wechat/routes.js';
import { Sessions } from './modules/user/sessions.js';

// Chinese validation messages for every schema, on the server as in the console.
applyChineseMessages();

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
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
    await app.register(async (scope) => routes(scope, deps), { prefix: API_PREFIX });
  }
}

/** TRUST_PROXY as a hop count: believe the addresses that many proxies appended. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Seeds the database and assembles the server: framework plugins, then app plugins, then routes. */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const seeded = await seed(db, { superUser: config.superUser, adminPassword: config.adminPassword });
  const signer = new TokenSigner(config.jwtSecret || seeded.jwtSecret);
  const deps: AppDeps = {
    config,
    db,
    clock,
    sessions: new Sessions({ db, clock, signer, superUser: config.superUser, ttlHours: config.tokenTtlHours, cacheMs: config.sessionCacheMs }),
    captchas: new Captchas(db, clock),
    counts: new CountCache(config.listCountCacheMs),
    sheets: sheetJobs,
    metrics: metricsRegistry(),
    // across nodes through LISTEN/NOTIFY on real PostgreSQL; in process on PGlite
    live: liveBusFor(db),
  };

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
  app.setValidatorCompiler(strictBodyValidator);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    // any write may change any list's total: this node counts afresh (others within LIST_COUNT_CACHE_MS)
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') deps.counts.forgetAll();
    done(null, payload);
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

  await app.register(userRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(toolsRoutes, { prefix: API_PREFIX, ...deps });
  await registerMenuModules(app, deps);
  // the platform's routes that are no menu's: the WeChat binding and the outbox of WeChat notices
  await app.register(async (scope) => wechatRoutes(scope, deps), { prefix: API_PREFIX });
  await app.register(async (scope) => noticeRoutes(scope, deps), { prefix: API_PREFIX });
  // public, at their own full paths: WeChat's callback and the short-link redirect
  await app.register(async (scope) => wechatCallbackRoutes(scope, deps));
  await app.register(async (scope) => shortUrlRedirectRoutes(scope, deps));

  await startMqtt(app, deps);
  await startLive(app, deps);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await registerConsole(app, config.webDist, uploadsDir);
  const jobs = await startJobs(deps, { log: app.log });
  app.addHook('onClose', () => jobs.stop());
  return { app, deps, generatedPassword: seeded.generatedPassword };
}
