import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginLog } from '../../db/schema.js';

export const LOCK_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60_000;

/**
 * When one username from one IP failed its password 5 times within 15 minutes (with no success since), it is
 * locked for 15 minutes from the fifth failure. Attempts refused while locked are not counted, so hammering a
 * locked account does not extend the lock. Returns the end of the lock, or null.
 */
export async function lockedUntil(db: Db, username: string, ip: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - 2 * LOCK_WINDOW_MS);
  const rows = await db
    .select({ success: loginLog.success, reason: loginLog.reason, at: loginLog.created_at })
    .from(loginLog)
    .where(and(eq(loginLog.username, username), eq(loginLog.ip, ip), gt(loginLog.created_at, since)))
    .orderBy(desc(loginLog.created_at), desc(loginLog.id))
    .limit(200);
  const failures: Date[] = [];
  for (const row of rows) {
    if (row.success) break;
    if (row.reason === 'password') failures.push(row.at);
  }
  // failures are newest first; a lock starts at any failure that closes a run of 5 within the window.
  for (let i = 0; i + LOCK_FAILURES - 1 < failures.length; i++) {
    const fifth = failures[i];
    const first = failures[i + LOCK_FAILURES - 1];
    if (fifth.getTime() - first.getTime() <= LOCK_WINDOW_MS) {
      const until = new Date(fifth.getTime() + LOCK_WINDOW_MS);
      return until > now ? until : null;
    }
  }
  return null;
}
