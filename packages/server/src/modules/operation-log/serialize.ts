import { type OperationLog, fieldComment, tableTitle } from '@gw/contracts';
import type { operationLog } from '../../db/schema.js';

/** A log row with the label of every changed field (its 注释), for the 详情 change table. */
export function serializeOperationLog(r: typeof operationLog.$inferSelect): OperationLog {
  return {
    ...r,
    table_title: tableTitle(r.table_name),
    changes: r.changes.map((c) => ({ key: c.key, comment: fieldComment(r.table_name, c.key), before: c.before ?? null, after: c.after ?? null })),
    created_at: r.created_at.toISOString(),
  };
}

const cell = (value: unknown) => (value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The change table in one spreadsheet cell: `公司名称: 旧 → 新; …`. */
export function changeSummary(log: OperationLog): string {
  return log.changes.map((c) => `${c.comment || c.key}: ${cell(c.before)} → ${cell(c.after)}`).join('; ');
}
