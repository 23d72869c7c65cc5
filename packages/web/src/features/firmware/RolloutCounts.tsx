import { ROLLOUT_ITEM_STATES, ROLLOUT_ITEM_STATE_TITLES, type RolloutCounts as Counts } from '@gw/contracts';
import { Card, Col, Row, Statistic } from 'antd';

const COLORS: Partial<Record<keyof Counts, string>> = { done: '#52c41a', failed: '#ff4d4f', skipped: '#faad14' };

/** How many boxes are in each state, one card per state (等待, 下发中, …, 成功, 失败, 跳过). */
export function RolloutCounts({ counts }: { counts: Counts }) {
  return (
    <Row gutter={[12, 12]}>
      {ROLLOUT_ITEM_STATES.map((state) => (
        <Col key={state} xs={12} sm={6} xl={3}>
          <Card size="small" data-testid={`rollout-count-${state}`}>
            <Statistic title={ROLLOUT_ITEM_STATE_TITLES[state]} value={counts[state]} styles={{ content: { color: COLORS[state] } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
