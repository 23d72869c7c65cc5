import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ListQuery, envelopeSchema, idParamSchema, idSchema, listEnvelopeSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../errors.js';
import { list, ok } from '../reply.js';
import { customerScope } from '../scope.js';
import { listOrder, listQueryOf, listWhere } from './list-query.js';
import { registerTransfer } from './transfer.js';
import type { ResourceContext, ResourceDef, Row } from './types.js';

/** Rows as the API shows them: decorated for the whole page at once, then serialized one by one. */
export async function presentRows(def: ResourceDef, rows: Row[], ctx: ResourceContext): Promise<unknown[]> {
  const decorated = def.decorate && rows.length ? await def.decorate(rows, ctx) : rows;
  return decorated.map((row) => def.serialize(row));
}

const bulkDeleteSchema = z.object({ ids: z.array(idSchema).min(1, '请选择要删除的记录').max(1000, '一次最多删除 1000 条') });

/**
 * The list/CRUD machine: list with paging, keywords, date range, filters and sort; get; create; update; delete
 * and bulk delete — each guarded by the menu/action bit, limited to the caller's customer scope, audited by the
 * row trigger and documented in OpenAPI, all from the declaration.
 */
export function registerResource<TTable extends PgTable>(fastify: FastifyInstance, deps: AppDeps, declared: ResourceDef<TTable>): void {
  const def = declared as unknown as ResourceDef;
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [def.title];
  const menu = def.path;
  const table = def.table;
  const byId = (req: FastifyRequest, id: number) =>
    and(eq(def.id, id), def.scopeColumn ? customerScope(req.user, def.scopeColumn) : undefined);
  const present = async (req: FastifyRequest, row: Row, conn: ResourceContext['db'] = db) =>
    (await presentRows(def, [row], { db: conn, user: req.user }))[0];

  app.get(
    def.path,
    {
      config: { access: { menu, action: 'query' } },
      schema: { tags, summary: `${def.title}列表`, querystring: listQueryOf(def), response: { 200: listEnvelopeSchema(def.item) } },
    },
    async (req) => {
      const q = req.query as ListQuery & Record<string, unknown>;
      const where = listWhere(def, q, req.user);
      // the page is decorated while the count still runs
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(...listOrder(def, q.sort))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .then((page) => presentRows(def, page, { db, user: req.user })),
        db.select({ total: count() }).from(table).where(where),
      ]);
      return list(rows, { count: total, page: q.page, limit: q.limit });
    },
  );

  app.get(
    `${def.path}/:id`,
    {
      config: { access: { menu, action: 'query' } },
      schema: { tags, summary: `${def.title}详情`, params: idParamSchema, response: { 200: envelopeSchema(def.item) } },
    },
    async (req) => {
      const [row] = await db.select().from(table).where(byId(req, req.params.id));
      if (!row) throw notFound(def.title);
      return ok(await present(req, row));
    },
  );

  if (def.create) {
    app.post(
      def.path,
      {
        config: { access: { menu, action: 'add' } },
        schema: { tags, summary: `新增${def.title}`, body: def.create, response: { 200: envelopeSchema(def.item) } },
      },
      async (req) => {
        const values = req.body as Row;
        const row = await req.tx(async (tx) => {
          await def.checkWrite?.(req, values, null, tx);
          const columns = def.toColumns ? await def.toColumns(values, req, tx) : values;
          const [inserted] = await tx.insert(table).values(columns).returning();
          await def.afterWrite?.(req, inserted, null, tx);
          return present(req, inserted, tx);
        });
        return ok(row, '新增成功');
      },
    );
  }

  if (def.update) {
    app.put(
      `${def.path}/:id`,
      {
        config: { access: { menu, action: 'edit' } },
        schema: { tags, summary: `修改${def.title}`, params: idParamSchema, body: def.update, response: { 200: envelopeSchema(def.item) } },
      },
      async (req) => {
        const values = req.body as Row;
        const row = await req.tx(async (tx) => {
          const [current] = await tx.select().from(table).where(byId(req, req.params.id));
          if (!current) throw notFound(def.title);
          await def.checkWrite?.(req, values, current, tx);
          const columns = def.toColumns ? await def.toColumns(values, req, tx) : values;
          if (!Object.keys(columns).length) return present(req, current, tx);
          const [updated] = await tx.update(table).set(columns).where(eq(def.id, req.params.id)).returning();
          await def.afterWrite?.(req, updated, current, tx);
          return present(req, updated, tx);
        });
        return ok(row, '保存成功');
      },
    );
  }

  if (def.create && def.deletable !== false) {
    app.delete(
      `${def.path}/:id`,
      {
        config: { access: { menu, action: 'delete' } },
        schema: { tags, summary: `删除${def.title}`, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (req) => {
        await req.tx(async (tx) => {
          const [current] = await tx.select().from(table).where(byId(req, req.params.id));
          if (!current) throw notFound(def.title);
          await def.checkDelete?.(req, current, tx);
          await tx.delete(table).where(eq(def.id, req.params.id));
          await def.afterDelete?.(req, [current], tx);
        });
        return ok(null, '删除成功');
      },
    );

    app.delete(
      def.path,
      {
        config: { access: { menu, action: 'delete' } },
        schema: { tags, summary: `批量删除${def.title}`, body: bulkDeleteSchema, response: { 200: envelopeSchema(z.object({ deleted: z.number() })) } },
      },
      async (req) => {
        const deleted = await req.tx(async (tx) => {
          const rows = await tx
            .select()
            .from(table)
            .where(and(inArray(def.id, req.body.ids), def.scopeColumn ? customerScope(req.user, def.scopeColumn) : undefined));
          // all or nothing: one refused row (or one outside the scope) stops the whole batch
          if (rows.length !== new Set(req.body.ids).size) throw notFound(def.title);
          for (const row of rows) await def.checkDelete?.(req, row, tx);
          await tx.delete(table).where(inArray(def.id, req.body.ids));
          await def.afterDelete?.(req, rows, tx);
          return rows.length;
        });
        return ok({ deleted }, `已删除 ${deleted} 条`);
      },
    );
  }
  registerTransfer(fastify, deps, def);
}
