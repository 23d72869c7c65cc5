import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOM_MAP_PATH, GIS_PATH, customMapSchema, envelopeSchema, gisBoxesSchema, gisQuerySchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { ok } from '../../http/reply.js';
import { gisBoxes } from './boxes.js';
import { customMap } from './custom-map.js';

const tags = ['GIS 地图'];

/**
 * GIS 地图 (/device/gis): customers per province for anyone logged in, and the boxes as points for whoever may
 * query the map; both within the caller's customer subtree.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    CUSTOM_MAP_PATH,
    {
      config: { access: 'session' },
      schema: { tags, summary: '客户分布 (每个省份的客户数及省份中心点)', response: { 200: envelopeSchema(customMapSchema) } },
    },
    async (req) => ok(await customMap(db, req)),
  );

  typed.get(
    GIS_PATH,
    {
      config: { access: { menu: GIS_PATH, action: 'query' } },
      schema: {
        tags,
        summary: '地图上的网关 (points: [id, 经度, 纬度, 状态]; 没有位置的只计入 total 和 unplaced)',
        querystring: gisQuerySchema,
        response: { 200: envelopeSchema(gisBoxesSchema) },
      },
    },
    async (req) => ok(await gisBoxes(db, req, req.query)),
  );
}
