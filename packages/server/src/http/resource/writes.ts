import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamSchema, idSchema } from '@gw/contracts';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { badRequest, notFound } from '../errors.js';
import { ok } from '../reply.js';
import { deleteLines, splitLines, writeLines } from './lines.js';
import { rowsWhere } from './list-query.js';
import { answerRows } from './present.js';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef, Row, Stored } from './types.js';

/** The answer to an update that names no field to change. */
export const EMPTY_UPDATE = '参数错误 请求体没有要保存的字段';

const bulkDeleteSchema = z.object({ ids: z.array(idSchema).min(1, '请选择要删除的记录').max(1000, '一次最多删除 1000 条') });

/**
 * The rows of `ids` within the caller's rows, locked for the write; all or nothing: one missing id (or one
 * outside the scope) answers 404 for the whole batch, so guessing ids reveals nothing.
 */
export async function lockRows<TTable extends PgTable>(def: ResourceDef<TTable>, req: FastifyRequest, tx: Tx, ids: number[]): Promise<Stored<TTable>[]> {
  // selected as any table (drizzle does not select from a generic one); the rows are this table's, as answered
  const table: PgTable = def.table;
  const rows = await tx
    .select()
    .from(table)
    .where(and(inArray(def.id, ids), rowsWhere(def, req)))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound(def.title);
  return rows;
}

/** POST {path}, PUT {path}/{id}, DELETE {path}/{id} and bulk DELETE {path}, each in one audited transaction. */
export function registerWrites(fastify: FastifyInstance, def: ResourceDef): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [def.title];
  const menu = def.menu;
  const answer = async (req: FastifyRequest, row: Row, tx: Tx) => (await answerRows(def, req, [row], tx, true))[0];

  if (def.create) {
    app.post(
      def.path,
      {
        config: { access: { menu, action: 'add' } },
        schema: { tags, summary: `新增${def.title}`, body: def.create, response: { 200: envelopeSchema(def.detail) } },
      },
      async (req) => {
        const { values, lines } = splitLines(def, req.body);
        const row = await req.tx(async (tx) => {
          await def.checkWrite?.(req, values, null, tx);
          const columns = def.toColumns ? await def.toColumns(values, req, tx) : values;
          const [inserted] = await tx.insert(def.table).values(columns).returning();
          if (lines) await writeLines(def, req, tx, inserted, lines, false);
          await def.afterWrite?.(req, inserted, null, tx);
          return answer(req, inserted, tx);
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
        schema: { tags, summary: `修改${def.title}`, params: idParamSchema, body: def.update, response: { 200: envelopeSchema(def.detail) } },
      },
      async (req) => {
        const { values, lines } = splitLines(def, req.body);
        const row = await req.tx(async (tx) => {
          const [current] = await lockRows(def, req, tx, [req.params.id]);
          // 保存成功 is said only of something saved: a body with no field at all is refused (after the row is
          // found, so an id outside the caller's rows is a 404 whatever the body)
          if (!lines && !Object.values(values).some((v) => v !== undefined)) throw badRequest(EMPTY_UPDATE);
          await def.checkWrite?.(req, values, current, tx);
          const columns = def.toColumns ? await def.toColumns(values, req, tx) : values;
          const [updated] = Object.keys(columns).length
            ? await tx.update(def.table).set(columns).where(eq(def.id, req.params.id)).returning()
            : [current];
          // lines sent replace the stored ones; lines left out stay
          if (lines) await writeLines(def, req, tx, updated, lines, true);
          // afterWrite runs even when no column changed: it saves what is not a column (a box's tags alone)
          await def.afterWrite?.(req, updated, current, tx);
          return answer(req, updated, tx);
        });
        return ok(row, '保存成功');
      },
    );
  }

  if (!def.deletable) return;

  const remove = async (req: FastifyRequest, tx: Tx, ids: number[]) => {
    const rows = await lockRows(def, req, tx, ids);
    for (const row of rows) await def.checkDelete?.(req, row, tx);
    if (def.markDeleted) await def.markDeleted(req, rows, tx);
    else {
      await deleteLines(def, tx, ids);
      await tx.delete(def.table).where(inArray(def.id, ids));
    }
    await def.afterDelete?.(req, rows, tx);
    return rows.length;
  };

  app.delete(
    `${def.path}/:id`,
    {
      config: { access: { menu, action: 'delete' } },
      schema: { tags, summary: `删除${def.title}`, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      await req.tx((tx) => remove(req, tx, [req.params.id]));
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
      const deleted = await req.tx((tx) => remove(req, tx, req.body.ids));
      return ok({ deleted }, `已删除 ${deleted} 条`);
    },
  );
}
