import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFIG_KEY, captchaSchema, downloadItemSchema, envelopeSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { config as configTable } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { ok } from '../../http/reply.js';
import { readDictionary } from './dictionary.js';
import { licenseRoutes } from './license.js';
import { storeUploads } from './upload.js';

const tags = ['tools'];
const storedFileSchema = z.object({ name: z.string(), url: z.string() });

export const toolsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, captchas, config, clock } = deps;

  app.get(
    '/tools/captcha',
    { config: { access: 'public', rateLimit: 'captcha' }, schema: { tags, summary: '图形验证码 (5 分钟内有效,只能使用一次)', response: { 200: envelopeSchema(captchaSchema) } } },
    async (_req, reply) => {
      const { c_id, svg } = await captchas.create();
      reply.header('cache-control', 'no-store');
      return ok({ c_id, svg });
    },
  );

  app.get(
    '/tools/dictionary',
    { config: { access: 'session' }, schema: { tags, summary: '数据字典 (含地区树 area)', response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) } } },
    async () => ok(await readDictionary(db)),
  );

  app.get(
    '/tools/config',
    { config: { access: 'public' }, schema: { tags, summary: '公开的配置项', response: { 200: envelopeSchema(z.record(z.string(), z.string())) } } },
    async () => {
      const rows = await db.select({ key: configTable.key, value: configTable.value }).from(configTable).where(eq(configTable.public, true));
      return ok(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    },
  );

  app.get(
    '/tools/downloads',
    { config: { access: 'session' }, schema: { tags, summary: '首页下载专区 (配置项 downloads)', response: { 200: envelopeSchema(z.array(downloadItemSchema)) } } },
    async (req) => {
      const [row] = await db.select({ value: configTable.value }).from(configTable).where(eq(configTable.key, CONFIG_KEY.downloads));
      let items: unknown;
      try {
        items = JSON.parse(row?.value || '[]');
      } catch {
        req.log.warn('config item downloads is not valid JSON');
        items = [];
      }
      const parsed = z.array(downloadItemSchema).safeParse(items);
      return ok(parsed.success ? parsed.data : []);
    },
  );

  app.post(
    '/tools/upload',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '上传文件 (multipart 字段 file,可多个)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(storedFileSchema.extend({ files: z.array(storedFileSchema) })) },
      },
    },
    async (req) => {
      const files = await readMultipart(req, config.uploadMaxMb, () => storeUploads(path.join(config.dataDir, 'uploads'), req.files(), clock.now()));
      if (!files.length) throw badRequest('参数错误 file: 没有收到文件');
      return ok({ ...files[0], files }, '上传成功');
    },
  );

  licenseRoutes(app, deps);
};
