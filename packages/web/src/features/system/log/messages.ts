import { LOG_ACTION, TABLE_TITLES } from '@gw/contracts';

/** The Chinese texts of 操作日志. */
export const M = {
  title: '操作日志',
  action: '操作',
  table: '数据表',
  record: '记录 ID',
  username: '操作人',
  ip: 'IP',
  time: '时间',
  detail: '详情',
  detailTitle: (table: string, id: string) => `操作详情: ${table} #${id}`,
  key: '字段',
  comment: '注释',
  before: '修改前',
  after: '修改后',
  close: '关闭',
} as const;

/** 1 增加, 2 删除, 3 修改, with their tag colours. */
export const ACTIONS: Record<number, { label: string; color: string }> = {
  [LOG_ACTION.add]: { label: '增加', color: 'green' },
  [LOG_ACTION.delete]: { label: '删除', color: 'red' },
  [LOG_ACTION.modify]: { label: '修改', color: 'blue' },
};

export const ACTION_OPTIONS = Object.entries(ACTIONS).map(([value, { label }]) => ({ label, value: Number(value) }));
export const TABLE_OPTIONS = Object.entries(TABLE_TITLES).map(([value, label]) => ({ label, value }));
