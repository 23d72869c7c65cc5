import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LinkDeps } from '../../app-deps.js';

/**
 * For routes whose writes change what boxes' tunnels should be: `mark(req, deviceIds)` inside the write, and
 * once its answer went out with 200 (the transaction committed) those boxes' tunnels are looked at again. A
 * failed write changes nothing, so nothing is sent.
 */
export function syncTunnelsAfterResponse(app: FastifyInstance, deps: LinkDeps): (req: FastifyRequest, deviceIds: number[]) => void {
  const marked = new WeakMap<object, Set<number>>();
  app.addHook('onResponse', async (req, reply) => {
    const ids = marked.get(req);
    if (ids && reply.statusCode === 200) deps.tunnels?.syncDevices([...ids]);
  });
  return (req, deviceIds) => {
    const ids = marked.get(req) ?? new Set<number>();
    for (const id of deviceIds) ids.add(id);
    marked.set(req, ids);
  };
}
