import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';

/** A statement already rendered to PostgreSQL's text and its positional parameters ($1, $2, …). */
export interface Statement {
  text: string;
  params: readonly unknown[];
}

// Dates, times and intervals (and their arrays) stay the text PostgreSQL sent, as the ORM's own reads get them:
// each column's decoder (mapFromDriverValue) turns them into values, so a row reads the same either way.
const AS_SENT = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const asSent = (value: string) => value;
const pgTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    AS_SENT.has(id) ? asSent : (pg.types.getTypeParser(id, format) as (value: string) => unknown),
};
const pgliteOptions = { rowMode: 'object' as const, parsers: Object.fromEntries([...AS_SENT].map((id) => [id, asSent])) };

// Named statements, so PostgreSQL parses and plans a list's SQL once per connection instead of on every request:
// one name per distinct text (a resource's list has a few shapes: its filters, sorts and scope), up to a bound.
const names = new Map<string, string>();
const MAX_NAMED = 2_000;
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) names.set(text, (name = `gw_list_${names.size + 1}`));
  return name;
}

/**
 * Rows of a rendered statement straight from the database's own client (the pg pool or PGlite), undecoded. The
 * hottest reads (a list page) render their SQL once and skip the ORM's per-query machinery; `undefined` when
 * `db` is a transaction, which the caller then reads through the ORM.
 */
export function rawRows(db: Db, { text, params }: Statement): Promise<Record<string, unknown>[]> | undefined {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return client.query({ name: nameOf(text), text, values: params as unknown[], types: pgTypes }).then((result) => result.rows as Record<string, unknown>[]);
  }
  if (client && typeof (client as PGlite).query === 'function') {
    return (client as PGlite).query<Record<string, unknown>>(text, params as unknown[], pgliteOptions).then((result) => result.rows);
  }
  return undefined;
}
