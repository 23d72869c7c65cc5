import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TRAFFIC_CUSTOMERS_PATH,
  TRAFFIC_PATH,
  envelopeSchema,
  idParamSchema,
  trafficBoxResource as resource,
  trafficCustomerQuerySchema,
  trafficCustomerSchema,
  trafficDailyPath,
  trafficDailyQuerySchema,
  trafficDailySchema,
} from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { device } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { OVER, trafficMonth, trafficReader, trafficSheet } from './boxes.js';
import { trafficByCustomer, trafficDaily } from './history.js';
import { dailyRange, monthRange } from './period.js';
import { setPlan, trafficPlanRoutes } from './plans.js';

/**
 * 设备流量 (/device/traffic): each box's bytes up and down per month against its SIM plan (list, top N, export,
 * 设置套餐), each company's totals, one box's days for its chart, and the plans themselves. Every route keeps to
 * the caller's customer scope by the box's company; a box outside it answers as a missing one.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  registerResource(app, deps, {
    resource,
    table: device,
    scope: 'customer_id',
    keywords: ['gateway_id', 'name'],
    columns: { up_bytes: trafficMonth.up_bytes, down_bytes: trafficMonth.down_bytes, total_bytes: trafficMonth.total_bytes },
    where: { month: () => undefined, over: (value) => (value === 'yes' ? OVER : undefined) },
    reader: trafficReader(clock),
    sheet: trafficSheet,
    actions: { set_plan: { run: setPlan, response: z.object({ updated: z.number() }) } },
  });
  trafficPlanRoutes(app, deps);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.title];
  const access = { menu: TRAFFIC_PATH, action: 'query' } as const;

  typed.get(
    TRAFFIC_CUSTOMERS_PATH,
    {
      config: { access },
      schema: {
        tags,
        summary: '各公司当月流量合计 (按设备所属公司, 从多到少取前 limit 个; customer_id 取其下属公司)',
        querystring: trafficCustomerQuerySchema,
        response: { 200: envelopeSchema(z.array(trafficCustomerSchema)) },
      },
    },
    async (req) => ok(await trafficByCustomer(db, req, monthRange(req.query.month, clock.now()), req.query)),
  );

  typed.get(
    trafficDailyPath(':id'),
    {
      config: { access },
      schema: {
        tags,
        summary: '一台设备每天的上行/下行流量 (start 至 end, 平台时区, 无流量的日子为 0; 默认最近 30 天, 最长 366 天)',
        params: idParamSchema,
        querystring: trafficDailyQuerySchema,
        response: { 200: envelopeSchema(trafficDailySchema) },
      },
    },
    async (req) => {
      const daily = await trafficDaily(db, req, req.params.id, dailyRange(req.query.start, req.query.end, clock.now()));
      if (!daily) throw notFound('网关设备');
      return ok(daily);
    },
  );
}
