import type * as FastifyModule from 'fastify';
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

/**
 * The `fastify` module with every instance recording its routes' access (recordAccess). A test file mocks it so:
 * `vi.mock('fastify', async (original) => (await import('../test/route-access.js')).recordingFastify(original))`.
 */
export async function recordingFastify(importOriginal: <T>() => Promise<T>): Promise<Record<string, unknown>> {
  const real = await importOriginal<typeof FastifyModule>();
  const make = real.default as unknown as (...args: unknown[]) => FastifyInstance;
  const build = ((...args: unknown[]) => {
    const app = make(...args);
    recordAccess(app);
    return app;
  }) as typeof real.default;
  return { ...real, default: Object.assign(build, real.default) };
}
