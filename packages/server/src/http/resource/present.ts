import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { withLines } from './lines.js';
import type { ResourceContext, ResourceDef, Row } from './types.js';

/** The derived values of rows read without them (a write's RETURNING, an export batch): one query for all. */
async function withDerived(def: ResourceDef, rows: Row[], { db }: ResourceContext): Promise<Row[]> {
  const derived = def.derived;
  if (!derived || !rows.length || Object.keys(derived).every((key) => key in rows[0])) return rows;
  const key = def.id.name;
  const found = await db
    .select({ [key]: def.id, ...derived })
    .from(def.table)
    .where(inArray(def.id, rows.map((row) => row[key])));
  const byId = new Map(found.map((values) => [values[key], values]));
  return rows.map((row) => ({ ...byId.get(row[key]), ...row }));
}

/** Rows as the API shows them: with their derived values, decorated for the whole page at once, then serialized one by one. */
export async function presentRows(def: ResourceDef, given: Row[], ctx: ResourceContext): Promise<unknown[]> {
  const rows = await withDerived(def, given, ctx);
  const decorated = def.decorate && rows.length ? await def.decorate(rows, ctx) : rows;
  return decorated.map((row) => def.serialize(row));
}

/**
 * Rows as one request's answer shows them: presented, with their lines or detail fields in a detail (a single
 * row's answer), then given what only this answer carries.
 */
export async function answerRows(def: ResourceDef, req: FastifyRequest, rows: Row[], db: ResourceContext['db'], detail = false): Promise<unknown[]> {
  const presented = await presentRows(def, rows, { db, user: req.user });
  const lined = detail ? await withLines(def, rows, presented, db) : presented;
  const items = detail && def.readDetail && rows.length ? await def.readDetail(rows, lined, db) : lined;
  return def.present ? items.map((item) => def.present!(req, item)) : items;
}
