import type { FastifyRequest } from 'fastify';
import { withLines } from './lines.js';
import type { ResourceContext, ResourceDef, Row } from './types.js';

/** Rows as the API shows them: decorated for the whole page at once, then serialized one by one. */
export async function presentRows(def: ResourceDef, rows: Row[], ctx: ResourceContext): Promise<unknown[]> {
  const decorated = def.decorate && rows.length ? await def.decorate(rows, ctx) : rows;
  return decorated.map((row) => def.serialize(row));
}

/**
 * Rows as one request's answer shows them: presented, with their lines in a detail (a single row's answer),
 * then given what only this answer carries.
 */
export async function answerRows(def: ResourceDef, req: FastifyRequest, rows: Row[], db: ResourceContext['db'], detail = false): Promise<unknown[]> {
  const presented = await presentRows(def, rows, { db, user: req.user });
  const items = detail ? await withLines(def, rows, presented, db) : presented;
  return def.present ? items.map((item) => def.present!(req, item)) : items;
}
