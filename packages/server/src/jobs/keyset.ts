import { type SQL, and, asc, desc, getTableColumns, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { SortKey } from '../http/resource/list-query.js';
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

/** Where the sort value of a row travels: its text form, which casts back to the column's type exactly. */
const SORT_KEY = '__sort_key';

/**
 * The rows of a list in the order the user chose (`key`, then the id downwards, as the list orders them), at
 * most `size` per query, paged by keyset on (value, id) — never OFFSET. The last value is carried as text and
 * cast back to the column's type, so a timestamp keeps the microseconds a JS Date would drop (rows written in
 * one statement share one). PostgreSQL puts NULLs last going up and first going down: they are read as a run
 * of their own, by the id alone.
 */
export async function* batchesBySort(db: Db, def: ResourceDef, where: SQL | undefined, key: SortKey, size: number): AsyncGenerator<Row[]> {
  const { column, descending } = key;
  const idKey = idKeyOf(def);
  const type = sql.raw(column.getSQLType());
  const read = (bound: SQL | undefined) =>
    db
      .select({ ...getTableColumns(def.table), [SORT_KEY]: sql<string | null>`(${column})::text` })
      .from(def.table)
      .where(and(where, bound))
      .orderBy(descending ? desc(column) : asc(column), desc(def.id))
      .limit(size) as Promise<Row[]>;

  for (const run of descending ? (['nulls', 'values'] as const) : (['values', 'nulls'] as const)) {
    let last: Row | undefined;
    for (;;) {
      let bound: SQL | undefined;
      if (run === 'nulls') bound = and(isNull(column), last ? lt(def.id, last[idKey]) : undefined);
      else if (!last) bound = isNotNull(column);
      else {
        const value = sql`cast(${last[SORT_KEY]} as ${type})`;
        const id = last[idKey];
        bound = descending
          ? sql`${column} <= ${value} and (${column} < ${value} or ${def.id} < ${id})`
          : sql`${column} >= ${value} and (${column} > ${value} or ${def.id} < ${id})`;
      }
      const rows = await read(bound);
      if (rows.length) {
        last = rows[rows.length - 1];
        yield rows.map(({ [SORT_KEY]: _, ...row }) => row);
      }
      if (rows.length < size) break;
    }
  }
}

/** The property that holds the id in selected rows. */
function idKeyOf(def: ResourceDef): string {
  const entry = Object.entries(getTableColumns(def.table)).find(([, column]) => column === def.id);
  if (!entry) throw new Error(`${def.path}: id column is not a column of its table`);
  return entry[0];
}
