import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { rowsWhere } from '../../http/resource/list-query.js';
import { answerRows } from '../../http/resource/present.js';
import type { ResourceDef } from '../../http/resource/types.js';

/** One order as its detail answers it (derived values and lines), within the caller's rows: 404 otherwise. */
export async function readOrder<TItem>(db: Db, def: ResourceDef<PgTable, TItem>, req: FastifyRequest, id: number): Promise<TItem> {
  const [row] = await db.select(def.selection).from(def.table).where(and(eq(def.id, id), rowsWhere(def, req)));
  if (!row) throw notFound(def.title);
  // serialized by the item's schema, then given its lines: the item, with `lines` filled
  return (await answerRows(def, req, [row], db, true))[0] as TItem;
}
