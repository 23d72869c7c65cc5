import { type Rollout, rolloutResource } from '@gw/contracts';
import type { RolloutStep } from './api';

/**
 * The steering a rollout offers in its state: 暂停 while it runs, 继续 when paused or stopped, 取消 until it is
 * over, 重试失败 when boxes failed and it was not cancelled.
 */
export function stepsOf({ state, counts }: Pick<Rollout, 'state' | 'counts'>): RolloutStep[] {
  const steps: RolloutStep[] = [];
  if (state === 'running') steps.push('pause');
  if (state === 'paused' || state === 'stopped') steps.push('resume');
  if (state === 'running' || state === 'paused' || state === 'stopped') steps.push('cancel');
  if (counts.failed > 0 && state !== 'cancelled') steps.push('retry');
  return steps;
}

/** A step's button title and confirmation, from the descriptor. */
export const stepAction = (step: RolloutStep) => rolloutResource.actions![step];
