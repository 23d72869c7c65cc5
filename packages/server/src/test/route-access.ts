import type { FastifyInstance } from 'fastify';
import type { Access } from '../http/types.js';

/** The access every route of the apps built so far declared, keyed `METHOD /url` (HEAD routes left out). */
export const declaredAccess = new Map<string, Access>();

/**
 * Records each route's own `config.access` as it is added. The app registers its routes before a test could
 * add a hook, so a test mocks `fastify` with this (see permission-walk.test.ts): the walk then checks what the
 * routes declare, not a list written again by hand.
 */
export function recordAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') declaredAccess.set(`${method} ${route.url}`, access);
  });
}
