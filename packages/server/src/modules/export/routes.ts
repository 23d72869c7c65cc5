import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_PATH, type ListQuery, envelopeSchema, exportJobSchema, exportStateSchema, idParamSchema, listEnvelopeSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { exportJob } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { listOrder, listQueryOf, listWhere } from '../../http/resource/list-query.js';
import type { ResourceDef } from '../../http/resource/types.js';
import { list, ok } from '../../http/reply.js';
import { attachment } from '../../jobs/download.js';
import { type ExportJobRow, isDownloadable, removeFiles, serializeJob } from '../../jobs/export-jobs.js';
import { XLSX_MIME } from '../../jobs/xlsx.js';

const TITLE = '导出任务';
const FILE = '导出文件';

/** The jobs list as a declaration of the list machine: keywords, dates, sort and the state/resource filters. */
const jobs: ResourceDef = {
  path: EXPORT_PATH,
  title: TITLE,
  table: exportJob,
  id: exportJob.id,
  createdAt: exportJob.created_at,
  keywords: [exportJob.title, exportJob.username, exportJob.file_name],
  sortable: { id: exportJob.id, created_at: exportJob.created_at, state: exportJob.state },
  filters: {
    state: { column: exportJob.state, schema: exportStateSchema },
    resource: { column: exportJob.resource, schema: z.string().max(200) },
  },
  item: exportJobSchema,
  serialize: (row) => serializeJob(row as ExportJobRow, new Date()),
};

/** A user works with its own jobs; full access (super user, role admin) with everybody's. */
const mine = (req: FastifyRequest) => (req.user.grants.superUser ? undefined : eq(exportJob.user_id, req.user.id));

/**
 * 导出管理 (/manager/export): the export jobs and their files. The console polls the list while a job is
 * 排队 or 导出中; `download_url` appears when the file is ready.
 */
export function exportRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [TITLE];
  const menu = EXPORT_PATH;
  const byId = (req: FastifyRequest, id: number) => and(eq(exportJob.id, id), mine(req));

  app.get(
    EXPORT_PATH,
    {
      config: { access: { menu, action: 'query' } },
      schema: { tags, summary: '导出任务列表 (本人的;全部权限可见所有人的)', querystring: listQueryOf(jobs), response: { 200: listEnvelopeSchema(exportJobSchema) } },
    },
    async (req) => {
      const q = req.query as ListQuery & Record<string, unknown>;
      const where = and(listWhere(jobs, q, req.user), mine(req));
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(exportJob).where(where).orderBy(...listOrder(jobs, q.sort)).limit(q.limit).offset((q.page - 1) * q.limit),
        db.select({ total: count() }).from(exportJob).where(where),
      ]);
      const now = clock.now();
      return list(rows.map((r) => serializeJob(r, now)), { count: total, page: q.page, limit: q.limit });
    },
  );

  app.get(
    `${EXPORT_PATH}/:id`,
    {
      config: { access: { menu, action: 'query' } },
      schema: { tags, summary: '导出任务详情', params: idParamSchema, response: { 200: envelopeSchema(exportJobSchema) } },
    },
    async (req) => {
      const [row] = await db.select().from(exportJob).where(byId(req, req.params.id));
      if (!row) throw notFound(TITLE);
      return ok(serializeJob(row, clock.now()));
    },
  );

  app.get(
    `${EXPORT_PATH}/:id/download`,
    {
      // the file is its owner's whatever menus it holds now (an import's failed rows are downloaded from the
      // resource's page); somebody else's file answers exactly like a missing one
      config: { access: 'session' },
      schema: { tags, summary: '下载导出文件 (xlsx)', params: idParamSchema },
    },
    async (req, reply) => {
      const [row] = await db.select().from(exportJob).where(byId(req, req.params.id));
      if (!row || !isDownloadable(row, clock.now())) throw notFound(FILE);
      const size = await stat(row.file_path).then((s) => s.size, () => null);
      if (size === null) throw notFound(FILE);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-length', size)
        .header('content-disposition', attachment(row.file_name))
        .header('cache-control', 'no-store')
        .send(createReadStream(row.file_path));
    },
  );

  app.delete(
    `${EXPORT_PATH}/:id`,
    {
      config: { access: { menu, action: 'delete' } },
      schema: { tags, summary: '删除导出任务及其文件 (导出中的任务随之取消)', params: idParamSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      const [row] = await db.delete(exportJob).where(byId(req, req.params.id)).returning({ file: exportJob.file_path });
      if (!row) throw notFound(TITLE);
      await removeFiles([row.file]);
      return ok(null, '删除成功');
    },
  );
}
