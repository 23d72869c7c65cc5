import { type SQL, getTableColumns, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Row } from './types.js';

const dialect = new PgDialect();

/** One field of a page's rows: the name the database answers with, the row's property, its column's decoder. */
type Field = readonly [answered: string, property: string, column: AnyPgColumn | undefined];

/**
 * How a resource's pages are read: the SELECT list — every column, then the derived values — rendered once when
 * the resource is compiled, and the fields to turn an answered row back into the row the ORM would give. A list
 * is the hottest read there is: building its SQL through the query builder and mapping its rows through the
 * generic mapper cost about a third of a millisecond a request (measured on 20 boxes of 25 fields), nearly half
 * of what the server spends beyond the database.
 */
export interface PageReader {
  select: SQL;
  fields: readonly Field[];
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function compilePageReader(table: PgTable, derived: Readonly<Record<string, SQL>> = {}): PageReader {
  const parts: string[] = [];
  const fields: Field[] = [];
  for (const [property, column] of Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>)) {
    parts.push(quoted(column.name));
    fields.push([column.name, property, column]);
  }
  for (const [name, expression] of Object.entries(derived)) {
    const { sql: text, params } = dialect.sqlToQuery(expression);
    // a derived value is the same SQL for every row of every request: a parameter would be a value of one request
    if (params.length) throw new Error(`派生字段 ${name} 不能带参数`);
    parts.push(`${text} as ${quoted(name)}`);
    fields.push([name, name, undefined]);
  }
  return { select: sql.raw(parts.join(', ')), fields };
}

/** A page of rows, as `db.select(selection)…` would give them: columns decoded by their types, derived values as answered. */
export async function readPage(db: Db, reader: PageReader, table: PgTable, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<Row[]> {
  const query = sql`select ${reader.select} from ${table}${where ? sql` where ${where}` : sql``} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`;
  const { rows } = (await db.execute<Record<string, unknown>>(query)) as { rows: Record<string, unknown>[] };
  return rows.map((answered) => {
    const row: Row = {};
    for (const [name, property, column] of reader.fields) {
      const value = answered[name];
      row[property] = value === null || value === undefined || !column ? (value ?? null) : column.mapFromDriverValue(value);
    }
    return row;
  });
}

/** The total of a list, and the key its count is kept under (the query's text and parameters). */
export function countQuery(table: PgTable, where: SQL | undefined): { key: string; run: (db: Db) => Promise<number> } {
  const query = sql`select count(*)::int as total from ${table}${where ? sql` where ${where}` : sql``}`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    key: `${text}\u0000${JSON.stringify(params)}`,
    run: async (db) => Number(((await db.execute<{ total: number }>(query)) as { rows: { total: number }[] }).rows[0].total),
  };
}
