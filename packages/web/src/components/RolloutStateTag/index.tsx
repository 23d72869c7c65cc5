import { ROLLOUT_ITEM_STATE_TITLES, ROLLOUT_STATE_TITLES, type RolloutItemState, type RolloutState } from '@gw/contracts';
import { Tag } from 'antd';

const STATE_COLORS: Record<RolloutState, string> = { running: 'processing', paused: 'warning', stopped: 'error', cancelled: 'default', done: 'success' };

const ITEM_COLORS: Record<RolloutItemState, string> = {
  pending: 'default',
  sending: 'processing',
  downloading: 'processing',
  verifying: 'processing',
  installing: 'processing',
  done: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** A rollout's 状态: 进行中 blue, 已暂停 orange, 已中止 red, 已取消 grey, 已完成 green. */
export const RolloutStateTag = ({ state }: { state: RolloutState }) => <Tag color={STATE_COLORS[state]}>{ROLLOUT_STATE_TITLES[state]}</Tag>;

/**
 * One box's way through a rollout, wherever it is shown (the rollout's boxes, the box's 固件 tab): 等待 grey, busy
 * steps blue, 成功 green, 失败 red, 跳过 orange.
 */
export const RolloutItemStateTag = ({ state }: { state: RolloutItemState }) => <Tag color={ITEM_COLORS[state]}>{ROLLOUT_ITEM_STATE_TITLES[state]}</Tag>;
