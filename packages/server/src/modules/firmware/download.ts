import { createReadStream } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, versionDownloadPath, versionResource } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { firmwareVersion } from '../../db/schema.js';
import { attachment } from '../../http/attachment.js';
import { AppError } from '../../http/errors.js';
import { checkFirmwareToken, firmwareKey } from '../../mqtt/ota/file-token.js';
import { MSG } from './messages.js';
import { byteRange } from './range.js';
import { firmwarePath, storedSize } from './store.js';

const downloadQuerySchema = z.object({
  gw: z.string().min(1).max(128),
  exp: z.coerce.number().int(),
  token: z.string().min(1).max(128),
});

/**
 * `GET /system/version/{id}/download?gw=&exp=&token=`: a box fetches a published release's file with the link
 * of its upgrade command (no session: the token, signed for that release, box and expiry, is the permission).
 * `Range: bytes=` is honoured (206), so a box resumes a broken download; the ETag is the file's SHA-256.
 */
export function downloadRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const served = new client.Counter({ name: 'firmware_bytes_served_total', help: 'Bytes of firmware files sent to boxes (a broken download counts what went)', registers: [deps.metrics] });
  app.withTypeProvider<ZodTypeProvider>().get(
    versionDownloadPath(':id'),
    {
      config: { access: 'public' },
      schema: {
        tags: [versionResource.title],
        summary: '设备下载固件 (升级命令中的签名链接; 支持 Range 断点续传)',
        params: idParamSchema,
        querystring: downloadQuerySchema,
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const { gw, exp, token } = req.query;
      if (!checkFirmwareToken(await firmwareKey(db), id, gw, exp, token, clock.now().getTime())) throw new AppError(403, 403, MSG.linkInvalid);
      const [release] = await db
        .select({ status: firmwareVersion.status, sha256: firmwareVersion.sha256, file_name: firmwareVersion.file_name })
        .from(firmwareVersion)
        .where(eq(firmwareVersion.id, id));
      // a draft or a deleted release is not for boxes, even with a link made while it was published
      if (!release || release.status !== 'published') throw new AppError(410, 410, MSG.notDownloadable);
      const size = await storedSize(config.dataDir, release.sha256);
      if (size === null) {
        req.log.error({ versionId: id, sha256: release.sha256 }, 'firmware file missing from the store');
        throw new AppError(410, 410, MSG.notDownloadable);
      }

      const etag = `"${release.sha256}"`;
      const ifRange = req.headers['if-range'];
      const range = byteRange(req.headers.range, size, typeof ifRange === 'string' ? ifRange : undefined, etag);
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('content-disposition', attachment(release.file_name))
        .header('cache-control', 'no-store');
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send({ code: 416, message: MSG.rangeInvalid, data: null });
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', end - start + 1)
        .send(createReadStream(firmwarePath(config.dataDir, release.sha256), { start, end }).on('data', (chunk) => served.inc(chunk.length)));
    },
  );
}
