export const MSG = {
  title: '操作日志',
  /** LOG_ACTION values as the sheet spells them. */
  actions: { 1: '增加', 2: '删除', 3: '修改' } as Record<number, string>,
} as const;
