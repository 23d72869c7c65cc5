import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, exportJobSchema, importResultSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { XLSX_MIME, attachment } from '../attachment.js';
import { badRequest } from '../errors.js';
import { FILE_FIELD, readMultipart } from '../multipart.js';
import { ok } from '../reply.js';
import { type ListFilters, listQueryOf, listWhere, sortKeyOf } from './list-query.js';
import { SHEET_MSG } from './sheets.js';
import type { ResourceDef } from './types.js';

/**
 * Spreadsheet routes of a resource that declares a `sheet`: POST {path}/export queues a background export of
 * the list under the filters and in the order it is given (the list query without paging); when importable,
 * GET {path}/import/template and POST {path}/import (multipart field `file`, xlsx). The work is the job side's
 * (`deps.sheets`).
 */
export function registerTransfer(fastify: FastifyInstance, deps: AppDeps, def: ResourceDef): void {
  if (!def.sheet?.length) return;
  const { sheets } = deps;
  sheets.register(def);
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
      return ok(await sheets.queueExport(deps, req, def, filters), SHEET_MSG.queued);
    },
  );

  if (!def.importable) return;

  app.get(
    `${def.path}/import/template`,
    { config: { access: { menu, action: 'add' } }, schema: { tags, summary: `${def.title}导入模板 (xlsx)` } },
    async (_req, reply) => {
      const file = await sheets.template(def);
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
      const result = await sheets.importFile(req, deps, def, file);
      return ok(result, SHEET_MSG.imported(result.saved, result.failed));
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
      if (!part || part.fieldname !== FILE_FIELD) throw badRequest(SHEET_MSG.noFile);
      return part.toBuffer();
    },
    SHEET_MSG.notMultipart,
  );
}
