import { type SQL, and, desc, getTableColumns, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { ResourceDef, Row } from '../http/resource/types.js';

/** The ids of the rows to read, as the runner found them when it started (max and min under the filters). */
export interface IdRange {
  top: unknown;
  bottom: unknown;
}

/**
 * The rows of a list, newest first (the list's default order), at most `size` per query, paged by keyset on
 * the id — never OFFSET. Every query is also held to a window of ids: with a filter the planner misjudges
 * (PGlite has no statistics at all) a plain `id < last ORDER BY id DESC LIMIT n` may be planned as "all
 * matching rows below `last`, sorted", which makes an export quadratic. The window grows over sparse stretches
 * and shrinks back to the span a full batch needed, so a query touches about `size` ids whatever the density.
 */
export async function* batchesById(db: Db, def: ResourceDef, where: SQL | undefined, range: IdRange, size: number): AsyncGenerator<Row[]> {
  const idKey = idKeyOf(def);
  const read = (bound: SQL | undefined): Promise<Row[]> =>
    db.select().from(def.table).where(and(where, bound)).orderBy(desc(def.id)).limit(size);
  const { top, bottom } = range;
  if (top == null || bottom == null) return;

  if (typeof top !== 'number' || typeof bottom !== 'number') {
    // ids that are not integers have no window arithmetic: plain keyset
    for (let bound = lte(def.id, top); ; ) {
      const rows = await read(bound);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      bound = lt(def.id, rows[rows.length - 1][idKey]);
    }
  }

  let upper = top + 1;
  let span = size;
  while (upper > bottom) {
    const lower = Math.max(bottom, upper - span);
    const rows = await read(and(lt(def.id, upper), gte(def.id, lower)));
    if (rows.length) yield rows;
    if (rows.length === size) {
      const last = rows[rows.length - 1][idKey] as number;
      span = Math.max(size, 2 * (upper - last));
      upper = last;
    } else {
      upper = lower;
      if (rows.length < size / 2) span *= 2;
    }
  }
}

/** The property that holds the id in selected rows. */
function idKeyOf(def: ResourceDef): string {
  const entry = Object.entries(getTableColumns(def.table)).find(([, column]) => column === def.id);
  if (!entry) throw new Error(`${def.path}: id column is not a column of its table`);
  return entry[0];
}
