import { ROLLOUT_STATE_TITLES, type RolloutState } from '@gw/contracts';

const titles = (states: readonly RolloutState[]) => states.map((s) => ROLLOUT_STATE_TITLES[s]).join('或');

/** What rollouts tell the user (the reasons a box's row carries are the runner's: mqtt/ota/reasons.ts). */
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
