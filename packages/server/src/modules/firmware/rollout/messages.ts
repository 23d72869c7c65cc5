import { ROLLOUT_STATE_TITLES, type RolloutState } from '@gw/contracts';

const titles = (states: readonly RolloutState[]) => states.map((s) => ROLLOUT_STATE_TITLES[s]).join('或');

/** What rollouts tell the user, and the reasons a box's row of a rollout carries. */
export const MSG = {
  vendorOnly: '只有平台管理员可以推送固件',
  versionMissing: '固件版本不存在',
  notPublished: '只能推送已发布的版本',
  noBoxes: '推送对象中没有设备',
  tooMany: (max: number) => `一次推送最多 ${max} 台设备`,
  wrongState: (action: string, allowed: readonly RolloutState[], now: RolloutState) =>
    `只有${titles(allowed)}的推送可以${action} (当前: ${ROLLOUT_STATE_TITLES[now]})`,
  nothingFailed: '没有失败的设备需要重试',
  created: (boxes: number, batches: number) => (batches ? `已创建推送: ${boxes} 台设备, 共 ${batches} 批` : '已创建推送: 没有需要升级的设备'),
  paused: '已暂停',
  resumed: '已继续',
  cancelled: '已取消',
  retried: (n: number) => `已重试 ${n} 台失败的设备`,
} as const;

/** Why a box of a rollout was skipped or failed, as its row shows it. */
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
