import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { rowsWhere } from '../../http/resource/list-query.js';
import { answerRows } from '../../http/resource/present.js';
import type { ResourceDef, Row } from '../../http/resource/types.js';

/** One order as its detail answers it (derived values and lines), within the caller's rows: 404 otherwise. */
export async function readOrder(db: Db, def: ResourceDef, req: FastifyRequest, id: number): Promise<Row> {
  const [row] = await db.select(def.selection).from(def.table).where(and(eq(def.id, id), rowsWhere(def, req)));
  if (!row) throw notFound(def.title);
  return (await answerRows(def, req, [row], db, true))[0] as Row;
}
