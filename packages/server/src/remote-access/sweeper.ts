import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { remoteSession } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { LiveBus } from '../live/bus.js';
import { queryRows } from '../db/rows.js';
import { endReasonSql } from './end-reason.js';
import { endSession, publishSession } from './ending.js';
import type { HubPeers } from './peers.js';

/**
 * How often open sessions are looked at while there are any: an expiry, and a change made through another node,
 * reaches the session's record and the hub within this (the hub's own read leaves an expired flow out at once).
 */
export const SWEEP_OPEN_MS = 1000;
/** How often with no session open: one opened through another node is seen within this. */
export const SWEEP_IDLE_MS = 30_000;

export interface SweepDeps {
  db: Db;
  clock: Clock;
  live: LiveBus;
  peers: HubPeers;
}

export interface SweepResult {
  /** Sessions it ended. */
  ended: number;
  /** Whether any session is still open (pending or active). */
  open: boolean;
  /** The active sessions whose flows the hub should hold now, by id: when it changed, the hub's state did. */
  inForce: string;
}

/**
 * Ends every open session whose conditions no longer hold (endReasonSql), each with its reason and the platform
 * as who ended it, and tells the console's tabs; answers what is still open.
 */
export async function sweepSessions({ db, clock, live, peers }: SweepDeps): Promise<SweepResult> {
  const now = clock.now();
  const reason = endReasonSql(now);
  const failing = await db
    .select({ row: remoteSession, reason })
    .from(remoteSession)
    .where(sql`${remoteSession.status} in ('pending', 'active') and (${reason}) is not null`)
    .orderBy(asc(remoteSession.id));
  let ended = 0;
  for (const { row, reason: why } of failing) {
    const done = await endSession(db, row, why!, now, null, peers);
    if (!done) continue;
    ended++;
    publishSession(live, done, now);
  }
  const open = await queryRows<{ id: number; status: string; ok: boolean }>(
    db,
    sql`select id, status, (${reason}) is null as ok from remote_session where status in ('pending', 'active') order by id`,
  );
  const inForce = open.filter((r) => r.status === 'active' && r.ok).map((r) => r.id).join(',');
  return { ended, open: open.length > 0, inForce };
}
