import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { type LiveChannelOptions, registerLiveChannel } from './channel.js';
import { PgLiveBus } from './pg-bus.js';

/**
 * Starts the live side of the app: the cross-node LISTEN connection when the bus has one (real PostgreSQL),
 * then the channel for the console's tabs. Both stop with the app (tabs first, then the bus).
 */
export async function startLive(app: FastifyInstance, deps: AppDeps, options?: LiveChannelOptions): Promise<void> {
  const bus = deps.live;
  if (bus instanceof PgLiveBus) {
    bus.log ??= app.log;
    await bus.start();
    app.addHook('onClose', () => bus.close());
  }
  registerLiveChannel(app, deps, deps.metrics, options);
}
