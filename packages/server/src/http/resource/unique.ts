import { and, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { refused } from '../errors.js';
import type { Row } from './types.js';

/**
 * Refuses a value of a unique column (username, role name, config key) that another row already holds, with
 * a message naming it rather than the database's generic duplicate answer. `undefined` or unchanged passes.
 */
export async function refuseDuplicate(
  tx: Tx,
  unique: { table: PgTable; id: AnyPgColumn; column: AnyPgColumn },
  value: unknown,
  current: Row | null,
  message: string,
): Promise<void> {
  if (value === undefined || (current && current[unique.column.name] === value)) return;
  const others = current ? ne(unique.id, current[unique.id.name]) : undefined;
  const [taken] = await tx.select({ id: unique.id }).from(unique.table).where(and(eq(unique.column, value), others)).limit(1);
  if (taken) throw refused(message);
}
