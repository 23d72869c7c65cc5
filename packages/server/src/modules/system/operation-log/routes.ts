import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type OperationLog, idFilterSchema, logActionParamSchema, operationLogSchema } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { operationLog } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { chinaTime } from '../../../jobs/xlsx.js';
import { MSG } from './messages.js';
import { changeSummary, serializeOperationLog } from './serialize.js';

/**
 * 操作日志 (/system/log): read-only; rows are written by the audit trigger. A customer's administrator sees
 * the changes made by users of its own company subtree.
 */
export function operationLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    path: '/system/log',
    title: MSG.title,
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
      { key: 'created_at', title: '时间', width: 20, value: (row) => chinaTime(row.created_at) },
      { key: 'username', title: '操作人', width: 16 },
      { key: 'action', title: '操作', value: (row) => MSG.actions[row.action as number] ?? String(row.action) },
      { key: 'table_title', title: '数据表' },
      { key: 'record_id', title: '记录 ID' },
      { key: 'ip', title: 'IP', width: 16 },
      { key: 'changes', title: '变更内容', width: 80, value: (row) => changeSummary(row as OperationLog) },
    ],
  });
}
