import type { FastifyInstance } from 'fastify';
import { LOG_ACTION_OPTIONS, operationLogResource as resource, optionLabel } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { operationLog } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { changeSummary, serializeOperationLog } from './serialize.js';

/**
 * 操作日志 (/system/log): read-only; rows are written by the audit trigger. A customer's administrator sees
 * the changes made by users of its own company subtree.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: operationLog,
    scope: 'customer_id',
    keywords: ['username', 'record_id', 'ip'],
    serialize: serializeOperationLog,
    sheet: [
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
      { key: 'username', width: 16 },
      { key: 'action', value: (row) => optionLabel(LOG_ACTION_OPTIONS, row.action) },
      { key: 'table_title' },
      { key: 'record_id' },
      { key: 'ip', width: 16 },
      { key: 'changes', width: 80, value: (row) => changeSummary(row) },
    ],
  });
}
