import { or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FLOW_TYPE_TITLES, deviceFlowResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { deviceFlow } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { customerSubtree } from '../../http/scope.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { flowScope, withFlowCompanies } from './decorate.js';

/** 设备流转 (/manager/device_flow): the read-only ledger of box movements. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: deviceFlow,
    keywords: ['gateway_id', 'order_no', 'operator'],
    baseWhere: flowScope,
    where: {
      // a company's movements are those that brought a box into its subtree or took one out
      customer_id: (id) => or(sql`${deviceFlow.from_customer_id} in (${customerSubtree(Number(id))})`, sql`${deviceFlow.to_customer_id} in (${customerSubtree(Number(id))})`),
    },
    decorate: withFlowCompanies,
    sheet: [
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
      { key: 'gateway_id', width: 20 },
      { key: 'type', value: (row) => FLOW_TYPE_TITLES[row.type] },
      { key: 'from_customer_name', width: 24 },
      { key: 'to_customer_name', width: 24 },
      { key: 'order_no', width: 18 },
      { key: 'operator', width: 14 },
      { key: 'remark', width: 30 },
    ],
  });
}
