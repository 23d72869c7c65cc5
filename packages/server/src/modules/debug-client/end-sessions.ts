import { and, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { remoteSession } from '../../db/schema.js';
import { endSession, publishSession } from '../../remote-access/ending.js';

/**
 * Deleting a client revokes it: every session of it still open ends now (client_deleted), by the user who
 * deleted it, in the delete's transaction. The hub's state no longer has the peer once the delete commits.
 */
export async function endClientSessions(req: FastifyRequest, clients: { public_key: string }[], tx: Tx, deps: Pick<AppDeps, 'clock' | 'live' | 'remote'>): Promise<void> {
  if (!clients.length) return;
  const open = await tx
    .select()
    .from(remoteSession)
    .where(and(inArray(remoteSession.client_public_key, clients.map((c) => c.public_key)), inArray(remoteSession.status, ['pending', 'active'])));
  const now = deps.clock.now();
  for (const row of open) {
    const ended = await endSession(tx, row, 'client_deleted', now, { id: req.user.id, username: req.user.username }, deps.remote.peers);
    if (ended) publishSession(deps.live, ended, now);
  }
}
