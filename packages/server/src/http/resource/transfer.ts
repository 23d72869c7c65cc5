import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, exportJobSchema, importResultSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { exportJob } from '../../db/schema.js';
import { attachment } from '../../jobs/download.js';
import { exportScopeOf, serializeJob } from '../../jobs/export-jobs.js';
import { MAX_IMPORT_ROWS, importColumns, importSheet } from '../../jobs/import.js';
import { MSG } from '../../jobs/messages.js';
import { jobQueueOf, registerExportable } from '../../jobs/registry.js';
import { NotXlsxError, TooManyRowsError, readFirstSheet } from '../../jobs/xlsx-read.js';
import { XLSX_MIME, xlsxBuffer } from '../../jobs/xlsx.js';
import { badRequest } from '../errors.js';
import { FILE_FIELD, readMultipart } from '../multipart.js';
import { ok } from '../reply.js';
import { type ListFilters, listQueryOf, listWhere, sortKeyOf } from './list-query.js';
import type { ResourceDef } from './types.js';

/**
 * Spreadsheet routes of a resource that declares a `sheet`: POST {path}/export queues a background export of
 * the list under the filters and in the order it is given (the list query without paging); with `create`, GET
 * {path}/import/template and POST {path}/import (multipart field `file`, xlsx).
 */
export function registerTransfer(fastify: FastifyInstance, deps: AppDeps, def: ResourceDef): void {
  if (!def.sheet?.length) return;
  registerExportable(def);
  const { db, clock } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [def.title];
  const menu = def.menu;
  const filtersSchema = listQueryOf(def).omit({ page: true, limit: true });

  app.post(
    `${def.path}/export`,
    {
      config: { access: { menu, action: 'export' } },
      schema: {
        tags,
        summary: `导出${def.title} (后台任务,按列表当前的筛选条件;在导出管理中查看进度并下载)`,
        body: z.object({ filters: filtersSchema.optional() }).optional(),
        response: { 200: envelopeSchema(exportJobSchema) },
      },
    },
    async (req) => {
      const filters = (req.body?.filters ?? {}) as ListFilters;
      // the dates and the sort are read now, so a bad one is a 400 here rather than a failed job later
      listWhere(def, filters, req);
      sortKeyOf(def, filters.sort);
      const now = clock.now();
      const [job] = await db
        .insert(exportJob)
        .values({
          user_id: req.user.id,
          username: req.user.username,
          customer_id: exportScopeOf(req.user, def),
          resource: def.path,
          title: def.title,
          filters,
          created_at: now,
        })
        .returning();
      jobQueueOf(deps)?.kick();
      return ok(serializeJob(job, now), MSG.queued);
    },
  );

  if (!def.importable) return;
  const columns = importColumns(def);

  app.get(
    `${def.path}/import/template`,
    { config: { access: { menu, action: 'add' } }, schema: { tags, summary: `${def.title}导入模板 (xlsx)` } },
    async (_req, reply) => {
      const file = await xlsxBuffer(def.title, columns.map((c) => ({ title: c.title, width: c.width })));
      return reply.header('content-type', XLSX_MIME).header('content-disposition', attachment(`${def.title}导入模板.xlsx`)).send(file);
    },
  );

  app.post(
    `${def.path}/import`,
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary: `导入${def.title} (multipart 字段 file,按导入模板填写的 xlsx;失败的行可下载)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResultSchema) },
      },
    },
    async (req) => {
      const file = await uploadedFile(req, deps.config.uploadMaxMb);
      let sheet;
      try {
        sheet = await readFirstSheet(file, MAX_IMPORT_ROWS);
      } catch (err) {
        if (err instanceof TooManyRowsError) throw badRequest(MSG.tooManyRows(MAX_IMPORT_ROWS));
        if (err instanceof NotXlsxError) throw badRequest(MSG.notXlsx);
        throw err;
      }
      const result = await importSheet(req, deps, def, sheet);
      return ok(result, MSG.imported(result.saved, result.failed));
    },
  );
}

/** The bytes of the multipart field `file`, at most UPLOAD_MAX_MB. */
function uploadedFile(req: FastifyRequest, maxMb: number): Promise<Buffer> {
  return readMultipart(
    req,
    maxMb,
    async () => {
      const part = await req.file();
      if (!part || part.fieldname !== FILE_FIELD) throw badRequest(MSG.noFile);
      return part.toBuffer();
    },
    MSG.notMultipart,
  );
}
