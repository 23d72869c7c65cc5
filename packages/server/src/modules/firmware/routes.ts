import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VERSION_FILE_PATH, VERSION_PATH, envelopeSchema, firmwareFileSchema, versionResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { firmwareVersion } from '../../db/schema.js';
import { readMultipart } from '../../http/multipart.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { requireVendorScope } from '../../http/scope.js';
import { startPeriodic } from '../../lib/periodic.js';
import { deviceFirmwareRoute } from './device-firmware.js';
import { downloadRoute } from './download.js';
import { MSG } from './messages.js';
import { rolloutRoutes } from './rollout/routes.js';
import { goodsNamesSql, publishVersion, versionWriteRules } from './rules.js';
import { storeFirmware } from './store.js';
import { sweepFirmwareFiles } from './sweep.js';

/**
 * 版本管理 (/system/version): firmware releases — upload a file (size and SHA-256 computed here), describe the
 * release (version, device types, changelog), publish it for rollouts; a delete marks it 已删除 and keeps it
 * listed. Boxes fetch a published file with a signed link; the device drawer's 固件 tab reads a box's history.
 * The releases' rollouts (固件推送) are under the same menu's permissions.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const { config, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    VERSION_FILE_PATH,
    {
      config: { access: { menu: VERSION_PATH, action: 'add' } },
      schema: {
        tags: [resource.title],
        summary: `上传固件文件 (multipart 字段 file, 不超过 ${config.firmwareMaxMb} MB; 答复文件的大小与 SHA-256)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(firmwareFileSchema) },
      },
    },
    async (req) => {
      requireVendorScope(req, MSG.vendorOnly);
      const limits = { fileSize: config.firmwareMaxMb * 1024 * 1024 };
      const file = await readMultipart(req, config.firmwareMaxMb, () => storeFirmware(config.dataDir, req.files({ limits }), config.firmwareMaxMb));
      return ok(file, MSG.uploaded);
    },
  );

  registerResource(typed, deps, {
    resource,
    table: firmwareVersion,
    keywords: [sql`${firmwareVersion.version}`, 'file_name'],
    // 版本号 sorts as versions do (1.9.0 before 1.10.0), by the column made for it
    columns: { goods_id: firmwareVersion.goods_ids, version: firmwareVersion.version_key },
    derived: { goods_names: goodsNamesSql },
    ...versionWriteRules(config.dataDir),
    actions: {
      publish: async (req, [row], _body, tx) => {
        await publishVersion(req, row, tx, clock.now());
        return ok(null, MSG.published);
      },
    },
  });

  downloadRoute(typed, deps);
  deviceFirmwareRoute(typed, deps);

  // firmware files no release needs any more go within the hour after their wait (sweep.ts), the first pass a
  // minute after start
  const sweep = startPeriodic(
    app,
    async () => {
      const removed = await sweepFirmwareFiles(deps.db, config.dataDir, clock.now());
      if (removed.length) app.log.info({ removed }, `已清理 ${removed.length} 个不再使用的固件文件`);
    },
    { everyMs: SWEEP_EVERY_MS, soonMs: 60_000, log: app.log, failure: '清理固件文件失败' },
  );
  app.addHook('onReady', async () => sweep.soon());

  rolloutRoutes(app, deps);
}

const SWEEP_EVERY_MS = 3_600_000;
