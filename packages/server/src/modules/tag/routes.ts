import { and, asc, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_PATH, TAG_OPTIONS_URL, deviceTagResource as resource, envelopeSchema, tagRefSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { deviceTag } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { escapeLike } from '../../http/resource/list-query.js';
import { customerScope } from '../../http/scope.js';
import { registerResource } from '../../http/resource/register.js';
import { withCompanyNames } from '../../http/resource/company-names.js';
import { checkTagWrite, newTagColumns, withDeviceCounts } from './rules.js';

/** 设备标签 (/manager/tag): a company's own tags; deleting one leaves its boxes untagged. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  // the tags a box may carry, for 网关设备's tag filter and its 打标签 as well as this page: a box's user may read
  // the names of its scope's tags without the 设备标签 menu
  app.withTypeProvider<ZodTypeProvider>().get(
    TAG_OPTIONS_URL,
    {
      config: { access: { menu: [resource.path, DEVICE_PATH], action: 'query' } },
      schema: {
        tags: [resource.title],
        summary: '可选的标签 (按名称搜索, 本公司及下级)',
        querystring: z.object({ keywords: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(1000).default(100) }),
        response: { 200: envelopeSchema(z.array(tagRefSchema)) },
      },
    },
    async (req) => {
      const { keywords, limit } = req.query;
      const named = keywords ? ilike(deviceTag.name, `%${escapeLike(keywords)}%`) : undefined;
      const rows = await deps.db
        .select({ id: deviceTag.id, name: deviceTag.name, color: deviceTag.color })
        .from(deviceTag)
        .where(and(named, customerScope(req.user, deviceTag.customer_id)))
        .orderBy(asc(deviceTag.name), asc(deviceTag.id))
        .limit(limit);
      return ok(rows);
    },
  );
  registerResource(app, deps, {
    resource,
    table: deviceTag,
    scope: 'customer_id',
    keywords: ['name'],
    checkWrite: checkTagWrite,
    // a create (POST) gets its owner; an update keeps the stored one unless it names another
    toColumns: (values, req) => (req.method === 'POST' ? newTagColumns(values, req) : values),
    decorate: async (rows, ctx) => withDeviceCounts(await withCompanyNames(rows, ctx), ctx),
  });
}
