import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { LiveBus } from './bus.js';
import { PgLiveBus, liveBusFor } from './pg-bus.js';

/**
 * The live bus of an app, started: across nodes through LISTEN/NOTIFY on real PostgreSQL (its LISTEN connection
 * open when this resolves), in process on PGlite. Closed with the app after every part that publishes on it,
 * which start after it.
 */
export async function startLiveBus(app: FastifyInstance, db: Db): Promise<LiveBus> {
  const bus = liveBusFor(db, app.log);
  if (bus instanceof PgLiveBus) {
    // onClose hooks run last added first: the publishers' own stops (flushing what they hold) come before this
    app.addHook('onClose', () => bus.close());
    await bus.start();
  }
  return bus;
}
