import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GOODS_OPTIONS_URL, GOODS_PICKERS, booleanParamSchema, envelopeSchema, goodsOptionSchema, goodsResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { goods } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { escapeLike } from '../../http/resource/list-query.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { checkGoodsDelete, checkGoodsWrite, withStock } from './rules.js';

/** 设备类型 (/manager/goods): the box products; stock figures are counted from the boxes. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  // the types a form picks from (进货, 出货, 刷机助手, 版本管理, 网关设备): names of the vendor's catalogue, which
  // those pages' users may read without the 设备类型 menu
  app.withTypeProvider<ZodTypeProvider>().get(
    GOODS_OPTIONS_URL,
    {
      config: { access: { menu: [...GOODS_PICKERS], action: 'query' } },
      schema: {
        tags: [resource.title],
        summary: '可选的设备类型 (按名称或编码搜索)',
        querystring: z.object({
          keywords: z.string().trim().max(100).optional(),
          enabled: booleanParamSchema.optional(),
          limit: z.coerce.number().int().min(1).max(1000).default(100),
        }),
        response: { 200: envelopeSchema(z.array(goodsOptionSchema)) },
      },
    },
    async (req) => {
      const { keywords, enabled, limit } = req.query;
      const like = keywords ? `%${escapeLike(keywords)}%` : undefined;
      const rows = await deps.db
        .select({ id: goods.id, name: goods.name, code: goods.code, price: goods.price })
        .from(goods)
        .where(and(like ? or(ilike(goods.name, like), ilike(goods.code, like)) : undefined, enabled === undefined ? undefined : eq(goods.enabled, enabled)))
        .orderBy(asc(goods.name), asc(goods.id))
        .limit(limit);
      return ok(rows.map((row) => ({ ...row, price: String(row.price) })));
    },
  );
  registerResource(app, deps, {
    resource,
    table: goods,
    keywords: ['name', 'code', 'spec'],
    checkWrite: checkGoodsWrite,
    checkDelete: checkGoodsDelete,
    decorate: withStock,
    sheet: [
      { key: 'name', width: 24 },
      { key: 'code', width: 16 },
      { key: 'spec', width: 24 },
      { key: 'price', width: 12 },
      { key: 'description', width: 40 },
      { key: 'enabled', value: (row) => (row.enabled ? '启用' : '停用') },
      { key: 'in_stock' },
      { key: 'shipped' },
      { key: 'total' },
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
    ],
  });
}
