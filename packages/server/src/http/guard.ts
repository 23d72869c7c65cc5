import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@gw/contracts';
import type { Db } from '../db/client.js';
import { noPermission, sessionInvalid } from './errors.js';
import type { SessionStore, SessionUser } from './types.js';

export const API_PREFIX = '/custom/api/v1';

/** The token travels in the TOKEN header (the console's way); `Authorization: Bearer` is accepted for API clients. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/**
 * One guard for every API route: the route's declared access decides whether a session and which menu/action
 * bit is needed. A route under the API prefix without a declaration stops the app at start.
 */
export function registerGuard(app: FastifyInstance, sessions: SessionStore, db: Db): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith(API_PREFIX) && route.method !== 'HEAD' && !access) {
      throw new Error(`路由 ${String(route.method)} ${route.url} 没有声明访问权限 (config.access)`);
    }
    // The OpenAPI document asks for the token everywhere; a route this guard lets through without a session is
    // documented as open from the same declaration (the document reads the route's schema when first served).
    // A copy, not the route's own schema object, which other routes may share.
    if (!access || access === 'public') route.schema = { ...route.schema, security: [] };
  });

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('tx', function <T>(this: FastifyRequest, fn: Parameters<FastifyRequest['tx']>[0]) {
    const user = this.user as SessionUser | null;
    const actor = JSON.stringify({
      user_id: user?.id ?? null,
      username: user?.username ?? '',
      customer_id: user?.customerId ?? null,
      ip: this.ip,
    });
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.actor', ${actor}, true)`);
      return fn(tx) as Promise<T>;
    });
  });

  // Any write may have disabled a user, changed a role or revoked a session: this node forgets the sessions it
  // remembers before the writer hears back (sessions.ts; other nodes catch up within SESSION_CACHE_MS).
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') sessions.forgetAll();
    done(null, payload);
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = await sessions.authenticate(tokenOf(req));
    if (!user) throw sessionInvalid();
    req.user = user;
    if (access === 'session') return;
    const menus = typeof access.menu === 'string' ? [access.menu] : access.menu;
    if (!menus.some((menu) => can(user.grants, menu, access.action))) throw noPermission();
  });
}
