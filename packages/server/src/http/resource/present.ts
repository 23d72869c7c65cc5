import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResourceContext, ResourceDef, Row } from './types.js';

/** Rows as the API shows them: decorated for the whole page at once, then serialized one by one. */
export async function presentRows(def: ResourceDef, rows: Row[], ctx: ResourceContext): Promise<unknown[]> {
  const decorated = def.decorate && rows.length ? await def.decorate(rows, ctx) : rows;
  return decorated.map((row) => def.serialize(row));
}

/** Rows as one request's answer shows them: presented, then given what only this answer carries. */
export async function answerRows(def: ResourceDef, req: FastifyRequest, rows: Row[], db: ResourceContext['db']): Promise<unknown[]> {
  const items = await presentRows(def, rows, { db, user: req.user });
  return def.present ? items.map((item) => def.present!(req, item)) : items;
}

/**
 * The serializer of a resource that declares none: the item schema's keys of the row (so a column the item
 * does not show, like a password hash, never leaves), timestamps as ISO strings.
 */
export function defaultSerializer(item: z.ZodType): (row: Row) => Row {
  const shape = (item as { shape?: Record<string, unknown> }).shape;
  const keys = shape ? Object.keys(shape) : undefined;
  return (row) => {
    const out: Row = {};
    for (const key of keys ?? Object.keys(row)) {
      const value = row[key];
      out[key] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  };
}
