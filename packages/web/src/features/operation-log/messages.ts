import { LOG_ACTION, LOG_ACTION_OPTIONS } from '@gw/contracts';

/** The Chinese texts of 操作日志 beyond the descriptor's labels (operationLogResource). */
export const M = {
  detail: '详情',
  detailTitle: (table: string, id: string) => `操作详情: ${table} #${id}`,
  key: '字段',
  comment: '注释',
  before: '修改前',
  after: '修改后',
  close: '关闭',
} as const;

const COLORS: Record<number, string> = { [LOG_ACTION.add]: 'green', [LOG_ACTION.delete]: 'red', [LOG_ACTION.modify]: 'blue' };

/** 1 增加, 2 删除, 3 修改 (the descriptor's words), with their tag colours. */
export const ACTIONS: Record<number, { label: string; color: string }> = Object.fromEntries(
  LOG_ACTION_OPTIONS.map(({ value, label }) => [value, { label, color: COLORS[value] }]),
);
