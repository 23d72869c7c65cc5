import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/** The rows of a raw query; node-postgres and PGlite both answer `{rows}`. */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
