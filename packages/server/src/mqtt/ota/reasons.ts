/**
 * Why a box of a rollout was skipped or failed, as its row shows it: written by the runner and the boxes' reports,
 * and by the rollout's routes (boxes skipped when it is created, a cancelled rollout).
 */
export const REASON = {
  wrongType: '设备类型不适用',
  sameVersion: '已是该版本',
  busyElsewhere: '已在其他推送中',
  cancelled: '推送已取消',
  offline: '设备离线超时',
  noAnswer: '设备无响应',
  /** A command lost with the node that sent it (no echo): it goes again once, this reason showing meanwhile. */
  resent: '指令无回复, 已重发',
  timeout: '升级超时',
  refused: (ret: number) => `设备拒绝升级 (${ret})`,
  failed: '升级失败',
  rolledBack: (version: string) => `升级失败, 设备已回滚到 ${version || '原版本'}`,
  wrongVersion: (reported: string, expected: string) => `设备报告的版本 ${reported} 与推送版本 ${expected} 不符`,
} as const;

/** Why a rollout stopped: `第 2 批失败 12/50 (24%), 超过阈值 20%`. */
export const stopReason = (batch: number, failed: number, total: number, threshold: number) =>
  `第 ${batch} 批失败 ${failed}/${total} (${Math.round((failed * 100) / total)}%), 超过阈值 ${threshold}%`;
