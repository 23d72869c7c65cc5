import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** The rows a raw SQL statement answers, in a transaction or not; node-postgres and PGlite both answer `{rows}`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
