import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** What a reported WireGuard key did: bound as the box's first, the bound one again, or refused (`first`: newly). */
export type KeyNote = { kind: 'bound' } | { kind: 'same' } | { kind: 'refused'; first: boolean; bound: string } | { kind: 'unknown' };

/**
 * Keeps the WireGuard key a box reported: the first is bound to it; the bound one again clears an earlier
 * refusal; any other is refused (kept in wg_refused_key, the bound one stays) until 重置密钥 clears the binding.
 * One statement on the locked row, writing only when something changes (each write is in the box's 操作日志).
 */
export async function noteWgKey(db: Db, gatewayId: string, key: string): Promise<KeyNote> {
  const [row] = await queryRows<{ bound: string; was_refused: string; changed: boolean }>(
    db,
    sql`with old as (select id, wg_public_key as bound, wg_refused_key as was_refused from device where gateway_id = ${gatewayId} for update),
        changed as (
          update device d set
            wg_public_key = case when old.bound = '' then ${key}::text else old.bound end,
            wg_refused_key = case when old.bound = '' or old.bound = ${key}::text then '' else ${key}::text end
          from old
          where d.id = old.id
            and (old.bound = '' or (old.bound = ${key}::text and old.was_refused <> '') or (old.bound <> ${key}::text and old.was_refused <> ${key}::text))
          returning d.id
        )
        select old.bound, old.was_refused, exists (select 1 from changed) as changed from old`,
  );
  if (!row) return { kind: 'unknown' };
  if (!row.bound) return { kind: 'bound' };
  if (row.bound === key) return { kind: 'same' };
  return { kind: 'refused', first: row.was_refused !== key, bound: row.bound };
}
