import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ListQuery, envelopeSchema, idParamSchema, listEnvelopeSchema } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../errors.js';
import { list, ok } from '../reply.js';
import { listOrder, listQueryOf, listWhere, rowsWhere } from './list-query.js';
import { countRows, listStatements, readPage } from './page-query.js';
import { answerRows } from './present.js';
import type { CountCache } from './count-cache.js';
import type { ResourceDef } from './types.js';

/** GET {path} (a page of the list with its total) and GET {path}/{id}, both within the caller's rows (a computed list: its reader's page, no detail). */
export function registerReads(fastify: FastifyInstance, db: Db, def: ResourceDef, counts: CountCache): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [def.title];
  const access = { menu: def.menu, action: 'query' } as const;

  app.get(
    def.path,
    {
      config: { access },
      schema: { tags, summary: `${def.title}列表`, querystring: listQueryOf(def), response: { 200: listEnvelopeSchema(def.item) } },
    },
    async (req, reply) => {
      // the rows are shaped by the resource's serializer (the item's keys only), so the answer needs no second
      // pass through the response schema, which documents it: the most expensive step of a large page
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      const q = req.query as ListQuery & Record<string, unknown>;
      if (def.reader) {
        const page = { where: listWhere(def, q, req), order: listOrder(def, q.sort), filters: q, limit: q.limit, offset: (q.page - 1) * q.limit };
        const { items, count } = await def.reader.read(db, page, req);
        return list(items, { count, page: q.page, limit: q.limit });
      }
      const statements = listStatements(def.page, def.table, listWhere(def, q, req), listOrder(def, q.sort), q.limit, (q.page - 1) * q.limit);
      // the page is decorated while the count still runs, or its total comes from this node's recent count
      const [rows, total] = await Promise.all([
        readPage(db, def.page, statements).then((page) => answerRows(def, req, page, db)),
        counts.get(statements.countKey, () => countRows(db, statements)),
      ]);
      return list(rows, { count: total, page: q.page, limit: q.limit });
    },
  );

  // a computed list's rows are no records of their own
  if (def.reader) return;

  app.get(
    `${def.path}/:id`,
    {
      config: { access },
      schema: { tags, summary: `${def.title}详情`, params: idParamSchema, response: { 200: envelopeSchema(def.detail) } },
    },
    async (req) => {
      const [row] = await db.select(def.selection).from(def.table).where(and(eq(def.id, req.params.id), rowsWhere(def, req)));
      if (!row) throw notFound(def.title);
      return ok((await answerRows(def, req, [row], db, true))[0]);
    },
  );
}
