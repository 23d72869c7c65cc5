import { ROLLOUT_PATH, type RolloutDetail, labelOf, rolloutResource } from '@gw/contracts';
import { Alert, Button, Card, Descriptions, Empty, Flex, Space, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { RolloutStateTag } from '../../components/RolloutStateTag';
import { parseTime } from '../../utils/format';
import { useLiveRefetch } from '../../utils/live';
import { useRolloutDetail } from './api';
import { M } from './messages';
import { RolloutBar } from './RolloutBar';
import { RolloutCounts } from './RolloutCounts';
import { RolloutItems } from './RolloutItems';
import { RolloutSteering } from './RolloutSteering';

const label = (field: string) => labelOf(rolloutResource, field);

/** What the rollout is: its release, target, plan and who started it. */
function RolloutFacts({ rollout }: { rollout: RolloutDetail }) {
  const items = [
    ['state', <RolloutStateTag key="state" state={rollout.state} />],
    ['batch', M.batchOf(rollout.batch, rollout.batches)],
    ['target_text', rollout.target_text],
    ['total', rollout.total],
    ['batch_size', rollout.batch_size],
    ['concurrency', rollout.concurrency],
    ['pause_seconds', rollout.pause_seconds],
    ['stop_failure_percent', rollout.stop_failure_percent],
    ['offline_deadline_minutes', rollout.offline_deadline_minutes],
    ['created_by_name', rollout.created_by_name],
    ['created_at', parseTime(rollout.created_at)],
    ['finished_at', parseTime(rollout.finished_at)],
    ['remark', rollout.remark],
  ] as const;
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items.map(([key, children]) => ({ key, label: label(key), children }))} />;
}

/**
 * One rollout (/system/rollout/{id}): its facts, the boxes per state, one bar of the boxes through, the batch
 * running, why it stopped, the steering its state allows, and every box; it follows the live channel without reload.
 */
export default function RolloutPage() {
  const id = Number(useParams().id);
  const rollout = useRolloutDetail(id);
  const navigate = useNavigate();
  useLiveRefetch(['rollout'], rollout.refetch, 1000, (event) => event.rollout_id === id);
  const data = rollout.data;
  if (rollout.isPending) return <Spin />;
  if (!data) return <Empty description={M.notFound} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={M.detailTitle(data.id, data.version)}
        extra={
          <Flex gap={8}>
            <RolloutSteering rollout={data} />
            <Button onClick={() => void navigate(ROLLOUT_PATH)}>{M.back}</Button>
          </Flex>
        }
      >
        <RolloutFacts rollout={data} />
        {data.state === 'stopped' && data.stop_reason && <Alert type="error" showIcon title={`${M.stopReason}: ${data.stop_reason}`} style={{ marginTop: 12 }} />}
        <RolloutBar rollout={data} data-testid="rollout-progress" style={{ marginTop: 12 }} />
      </Card>
      <RolloutCounts counts={data.counts} />
      <Card>
        <RolloutItems items={data.items} counts={data.counts} />
      </Card>
    </Space>
  );
}
