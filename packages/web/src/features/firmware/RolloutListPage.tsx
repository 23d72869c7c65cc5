import { ROLLOUT_PATH, type Rollout, rolloutResource } from '@gw/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListGrid, ListSearchBar, ListToolbar, ResourceList, useResourceListContext } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable';
import { useLiveRefetch } from '../../utils/live';
import type { RolloutStep } from './api';
import { M } from './messages';
import { RolloutDialog } from './RolloutDialog';
import { rolloutColumns } from './rolloutColumns';
import { stepAction, stepsOf } from './rolloutSteps';

const STEPS: RolloutStep[] = ['pause', 'resume', 'cancel', 'retry'];

/** 暂停, 继续, 取消, 重试失败 on the rows whose state offers them (the descriptor's titles and confirmations). */
const STEP_ACTIONS: RowAction<Rollout>[] = STEPS.map((step) => ({
  key: step,
  label: stepAction(step).title,
  permission: stepAction(step).permission,
  confirm: stepAction(step).confirm,
  danger: step === 'cancel',
  visible: (rollout) => stepsOf(rollout).includes(step),
  onClick: (rollout, list) => list.runRow(step, rollout.id),
}));

/** The list follows its rollouts' progress from the live channel (refetching at most once a second and a half). */
function FollowRollouts() {
  const { refetch } = useResourceListContext<Rollout>();
  useLiveRefetch(['rollout'], refetch, 1500);
  return null;
}

/** 新建推送, for whoever may add on 版本管理. */
function NewRolloutButton() {
  const { can } = useResourceListContext<Rollout>();
  // undefined until first asked for: the dialog (and its option lists) is drawn then
  const [open, setOpen] = useState<boolean>();
  if (!can('add')) return null;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {M.newRollout}
      </Button>
      {open !== undefined && <RolloutDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * 固件推送 (beside 版本管理, under its permissions): the rollouts, newest first, each with its state and a bar of its
 * boxes through; 详情 opens one, and the rows offer the steering their state allows. Live without reload.
 */
export default function RolloutListPage() {
  const navigate = useNavigate();
  const rowActions = useMemo<RowAction<Rollout>[]>(
    () => [{ key: 'detail', label: M.detail, onClick: (rollout) => void navigate(`${ROLLOUT_PATH}/${rollout.id}`) }, ...STEP_ACTIONS],
    [navigate],
  );
  return (
    <ResourceList<Rollout> descriptor={rolloutResource} columns={rolloutColumns} rowActions={rowActions}>
      <FollowRollouts />
      <ListSearchBar />
      <ListToolbar extra={<NewRolloutButton />} />
      <ListGrid<Rollout> />
    </ResourceList>
  );
}
