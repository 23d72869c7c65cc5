import type { Rollout } from '@gw/contracts';
import { Progress, type ProgressProps } from 'antd';
import { M } from './messages';

const FAILED_RED = '#ff4d4f';

/** Boxes that are through, one way or the other: 成功, 失败, 跳过. */
export const finalOf = ({ counts }: Pick<Rollout, 'counts'>) => counts.done + counts.failed + counts.skipped;

/** A share as a whole per cent, floored: 100 only once every box is through. */
const percentOf = (part: number, total: number) => (total > 0 ? Math.floor((part * 100) / total) : 0);

/**
 * How far a rollout is: the boxes through of all its boxes, 成功 and 跳过 in green, 失败 in red after them, and
 * `final / total` beside the bar.
 */
export function RolloutBar({ rollout, ...rest }: { rollout: Pick<Rollout, 'counts' | 'total'> } & Omit<ProgressProps, 'percent' | 'success'>) {
  const final = finalOf(rollout);
  const percent = percentOf(final, rollout.total);
  return (
    <Progress
      percent={percent}
      success={{ percent: percentOf(rollout.counts.done + rollout.counts.skipped, rollout.total) }}
      strokeColor={FAILED_RED}
      status={percent >= 100 && rollout.counts.failed === 0 ? 'success' : 'normal'}
      format={() => M.progressOf(final, rollout.total)}
      {...rest}
    />
  );
}
