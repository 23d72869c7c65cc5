import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_PATH, exportJobResource as resource, idParamSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { exportJob } from '../../db/schema.js';
import { XLSX_MIME, attachment } from '../../http/attachment.js';
import { notFound } from '../../http/errors.js';
import { rowsWhere } from '../../http/resource/list-query.js';
import { registerResource } from '../../http/resource/register.js';
import type { ResourceRequest } from '../../http/resource/types.js';
import { isDownloadable, removeFiles, serializeJob } from '../../jobs/export-jobs.js';

const FILE = '导出文件';

/** A user works with its own jobs; full access (super user, role admin) with everybody's. */
const mine = (req: ResourceRequest) => (req.user.grants.superUser ? undefined : eq(exportJob.user_id, req.user.id));

/**
 * 导出管理 (/manager/export): the export jobs and their files. The console polls the list while a job is
 * 排队 or 导出中; `download_url` appears when the file is ready.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const jobs = registerResource(typed, deps, {
    resource,
    table: exportJob,
    keywords: ['title', 'username', 'file_name'],
    baseWhere: mine,
    serialize: (row) => serializeJob(row, clock.now()),
    // a deleted job's file goes with it (a running job then stops at its next batch)
    afterDelete: async (_req, rows) => removeFiles(rows.map((r) => r.file_path)),
  });

  typed.get(
    `${EXPORT_PATH}/:id/download`,
    {
      // the file is its owner's whatever menus it holds now (an import's failed rows are downloaded from the
      // resource's page); somebody else's file answers exactly like a missing one
      config: { access: 'session' },
      schema: { tags: [resource.title], summary: '下载导出文件 (xlsx)', params: idParamSchema },
    },
    async (req, reply) => {
      const [row] = await db.select().from(exportJob).where(and(eq(exportJob.id, req.params.id), rowsWhere(jobs, req)));
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
}
