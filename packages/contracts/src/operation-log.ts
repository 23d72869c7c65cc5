import { z } from 'zod';
import { AUDIT_TABLES } from './audit.js';
import { idFilterSchema } from './api.js';
import { defineResource } from './resource.js';
import { menuPath } from './menus.js';

export const logChangeSchema = z.object({ key: z.string(), comment: z.string(), before: z.unknown(), after: z.unknown() });
export type LogChange = z.infer<typeof logChangeSchema>;

export const logActionParamSchema = z.coerce.number().int().min(1).max(3);

/** 操作日志: who changed which row of which table, and each changed field before and after. */
export const operationLogSchema = z.object({
  id: z.number(),
  /** 1 增加, 2 删除, 3 修改 (LOG_ACTION). */
  action: z.number(),
  table_name: z.string(),
  table_title: z.string(),
  record_id: z.string(),
  user_id: z.number().nullable(),
  username: z.string(),
  customer_id: z.number().nullable(),
  ip: z.string(),
  changes: z.array(logChangeSchema),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

/** 1 增加, 2 删除, 3 修改 (LOG_ACTION), as the filter, the list and the sheet spell them. */
export const LOG_ACTION_OPTIONS = [
  { label: '增加', value: 1 },
  { label: '删除', value: 2 },
  { label: '修改', value: 3 },
] as const;

/** 操作日志 (/system/log): read-only, written by the audit trigger; a customer sees its own subtree's changes. */
export const operationLogResource = defineResource({
  path: menuPath('operation-log'),
  title: '操作日志',
  item: operationLogSchema,
  labels: {
    id: 'ID',
    action: '操作类型',
    table_name: '数据表',
    table_title: '数据表',
    record_id: '记录 ID',
    user_id: '操作人 ID',
    username: '操作人',
    customer_id: '公司',
    ip: 'IP',
    changes: '变更内容',
    created_at: '时间',
  },
  sortable: ['id', 'created_at'],
  defaultSort: '-created_at',
  dateField: 'created_at',
  keywordsHint: '操作人、记录 ID、IP',
  filters: {
    action: { label: '操作类型', schema: logActionParamSchema, input: { type: 'select', options: LOG_ACTION_OPTIONS } },
    user_id: { label: '操作人 ID', schema: idFilterSchema, hidden: true },
    username: { label: '操作人', schema: z.string().trim().max(64), op: 'ilike' },
    table_name: {
      label: '数据表',
      schema: z.string().trim().max(64),
      input: { type: 'select', options: Object.entries(AUDIT_TABLES).map(([value, { title }]) => ({ label: title, value })) },
    },
  },
  exportable: true,
});
