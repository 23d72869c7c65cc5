import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOG_ACTION_OPTIONS, type OperationLog, idFilterSchema, logActionParamSchema, operationLogResource as resource, operationLogSchema, optionLabel } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { operationLog } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { chinaTime } from '../../../jobs/xlsx.js';
import { changeSummary, serializeOperationLog } from './serialize.js';

const L = resource.labels;

/**
 * 操作日志 (/system/log): read-only; rows are written by the audit trigger. A customer's administrator sees
 * the changes made by users of its own company subtree.
 */
export function operationLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    path: resource.path,
    title: resource.title,
    table: operationLog,
    id: operationLog.id,
    createdAt: operationLog.created_at,
    scopeColumn: operationLog.customer_id,
    keywords: [operationLog.username, operationLog.record_id, operationLog.ip],
    sortable: { id: operationLog.id, created_at: operationLog.created_at },
    filters: {
      action: { column: operationLog.action, schema: logActionParamSchema },
      user_id: { column: operationLog.user_id, schema: idFilterSchema },
      username: { column: operationLog.username, schema: z.string().trim().max(64), op: 'ilike' },
      table_name: { column: operationLog.table_name, schema: z.string().trim().max(64) },
    },
    item: operationLogSchema,
    serialize: serializeOperationLog,
    sheet: [
      { key: 'created_at', title: L.created_at, width: 20, value: (row) => chinaTime(row.created_at) },
      { key: 'username', title: L.username, width: 16 },
      { key: 'action', title: L.action, value: (row) => optionLabel(LOG_ACTION_OPTIONS, row.action as number) },
      { key: 'table_title', title: L.table_title },
      { key: 'record_id', title: L.record_id },
      { key: 'ip', title: L.ip, width: 16 },
      { key: 'changes', title: L.changes, width: 80, value: (row) => changeSummary(row as OperationLog) },
    ],
  });
}
