import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** What an online state says of the box; '' for what it left out. */
export interface Reported {
  version: string;
  fingerprint: string;
}

/** A provisioned identity that reported another fingerprint than its first: the one it must report, and how often it has not. */
export interface CloneAttempt {
  expected: string;
  attempts: number;
}

/**
 * Keeps what a box reported: for an identity of a flash batch, its first connection (and its fingerprint, once
 * one is given, fixed from then on) — or, when it reports another fingerprint, the clone attempt, and nothing
 * else is kept; then the box's firmware version when it changed and its fingerprint when it had none. Each is
 * one statement that writes only when something changes, so a fleet reconnecting costs reads on indexes.
 */
export async function noteIdentity(db: Db, gatewayId: string, reported: Reported, at: Date): Promise<CloneAttempt | null> {
  const { version, fingerprint } = reported;
  const now = at.toISOString();
  // the row is locked before it is judged: two connections' first states never both fix a fingerprint
  const [item] = await queryRows<{ clone: boolean; expected: string; attempts: number }>(
    db,
    sql`with old as (
          select id, fingerprint, first_connected_at,
                 fingerprint <> '' and ${fingerprint}::text <> '' and fingerprint <> ${fingerprint}::text as clone
          from flash_item where gateway_id = ${gatewayId} for update
        )
        update flash_item f set
          first_connected_at = case when old.clone then f.first_connected_at else coalesce(f.first_connected_at, ${now}::timestamptz) end,
          fingerprint = case when f.fingerprint = '' then ${fingerprint}::text else f.fingerprint end,
          clone_attempts = f.clone_attempts + case when old.clone then 1 else 0 end,
          last_clone_at = case when old.clone then ${now}::timestamptz else f.last_clone_at end,
          last_clone_fingerprint = case when old.clone then ${fingerprint}::text else f.last_clone_fingerprint end
        from old
        where f.id = old.id and (old.clone or old.first_connected_at is null or (old.fingerprint = '' and ${fingerprint}::text <> ''))
        returning old.clone as clone, f.fingerprint as expected, f.clone_attempts as attempts`,
  );
  if (item?.clone) return { expected: item.expected, attempts: item.attempts };
  if (!version && !fingerprint) return null;
  await db.execute(sql`update device set
      firmware_version = case when ${version}::text <> '' then ${version}::text else firmware_version end,
      fingerprint = case when fingerprint = '' then ${fingerprint}::text else fingerprint end
    where gateway_id = ${gatewayId}
      and ((${version}::text <> '' and firmware_version is distinct from ${version}::text) or (fingerprint = '' and ${fingerprint}::text <> ''))`);
  return null;
}
