import { type Rollout, VERSION_PATH } from '@gw/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { RT } from '../../components/ResourceTable/messages';
import { useCan } from '../../utils/permission';
import { type RolloutStep, useSteerRollout } from './api';
import { stepAction, stepsOf } from './rolloutSteps';

/** 暂停 / 继续 / 取消 / 重试失败 as the rollout's state offers them, for whoever may edit on 版本管理. */
export function RolloutSteering({ rollout }: { rollout: Rollout }) {
  const can = useCan();
  const steer = useSteerRollout(rollout.id);
  const steps = stepsOf(rollout).filter((step) => can(VERSION_PATH, stepAction(step).permission));
  const run = (step: RolloutStep) => void steer.mutateAsync(step).catch(() => undefined);
  return (
    <Space>
      {steps.map((step) => {
        const { title, confirm } = stepAction(step);
        const danger = step === 'cancel';
        const busy = steer.isPending && steer.variables === step;
        if (!confirm)
          return (
            <Button key={step} danger={danger} loading={busy} onClick={() => run(step)}>
              {title}
            </Button>
          );
        return (
          <Popconfirm key={step} title={confirm} okText={RT.ok} cancelText={RT.cancel} okButtonProps={{ danger }} onConfirm={() => run(step)}>
            <Button danger={danger} loading={busy}>
              {title}
            </Button>
          </Popconfirm>
        );
      })}
    </Space>
  );
}
