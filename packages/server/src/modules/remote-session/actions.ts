import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { remoteSession } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { ActionHandler } from '../../http/resource/types.js';
import type { Clock } from '../../lib/clock.js';
import { trafficBase } from '../../remote-access/bytes.js';
import { endSession } from '../../remote-access/ending.js';
import type { HubPeers } from '../../remote-access/peers.js';
import { MSG } from './messages.js';

type SessionRow = typeof remoteSession.$inferSelect;

interface ActionDeps {
  clock: Clock;
  peers: HubPeers;
  /** Tells the tabs once the action's transaction committed. */
  changed: (req: FastifyRequest, row: SessionRow) => void;
}

const by = (req: FastifyRequest) => ({ id: req.user.id, username: req.user.username });

/**
 * Approving or refusing is the box's company's: a user whose own company's tree holds the box (the session is in
 * its scope, or it would be a 404) — never the vendor's staff on a factory's behalf, whatever their grants.
 */
function checkApprover(req: FastifyRequest, row: SessionRow): void {
  if (req.user.scope === 'all' || req.user.customerId === null) throw refused(MSG.vendorApproves);
  if (row.status !== 'pending') throw refused(MSG.notPending);
}

/** 结束, 审批通过, 拒绝: each over the session as locked in the action's transaction. */
export function sessionActions({ clock, peers, changed }: ActionDeps): Record<'close' | 'approve' | 'reject', ActionHandler<SessionRow>> {
  return {
    async close(req, [row], _body, tx) {
      const ended = await endSession(tx, row, 'closed', clock.now(), by(req), peers);
      if (!ended) throw refused(MSG.notOpen);
      changed(req, ended);
      return ok(null, MSG.closed);
    },
    async approve(req, [row], _body, tx) {
      checkApprover(req, row);
      const now = clock.now();
      const started = await update(tx, row, {
        status: 'active',
        approved_at: now,
        approved_by_id: req.user.id,
        approved_by: req.user.username,
        // the clock starts when the factory lets the engineer in, not when the engineer asked
        started_at: now,
        expires_at: new Date(now.getTime() + row.minutes * 60_000),
        ...trafficBase(peers, row.client_public_key),
      });
      changed(req, started);
      return ok(null, MSG.approved);
    },
    async reject(req, [row], _body, tx) {
      checkApprover(req, row);
      const now = clock.now();
      const rejected = await update(tx, row, { approved_at: now, approved_by_id: req.user.id, approved_by: req.user.username });
      const ended = await endSession(tx, rejected, 'rejected', now, by(req), peers);
      if (!ended) throw refused(MSG.notPending);
      changed(req, ended);
      return ok(null, MSG.rejected);
    },
  };
}

/** Updates a session still pending (another approver may have answered first). */
async function update(tx: Tx, row: SessionRow, values: Partial<typeof remoteSession.$inferInsert>): Promise<SessionRow> {
  const [updated] = await tx
    .update(remoteSession)
    .set(values)
    .where(and(eq(remoteSession.id, row.id), eq(remoteSession.status, 'pending')))
    .returning();
  if (!updated) throw badRequest(MSG.notPending);
  return updated;
}
