import { MACHINE_STATES, MACHINE_STATE_TITLES, type MachineStateCounts } from '@gw/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { Chart } from '../../components/Chart';
import { STATE_COLORS } from '../../components/Chart/theme';
import { useLiveRefetch } from '../../utils/live';
import { useMachineStates } from './api';
import { M } from './messages';

/** A doughnut of the four states in their colours, the total in its middle. */
const doughnut = (counts: MachineStateCounts) => ({
  tooltip: { trigger: 'item', formatter: '{b}: {c} 台 ({d}%)' },
  title: { text: String(counts.total), left: 'center', top: 'center' },
  series: [
    {
      type: 'pie',
      radius: ['55%', '80%'],
      label: { show: false },
      data: MACHINE_STATES.map((state) => ({ name: MACHINE_STATE_TITLES[state], value: counts[state], itemStyle: { color: STATE_COLORS[state] } })),
    },
  ],
});

/**
 * 机床状态: the enabled machine tools of the user's scope by state now — 运行, 空闲, 报警, 离线 — refetched on
 * machine state and box presence events. The machine tool list has no state filter, so a state opens nothing.
 */
export function MachineStatesCard() {
  const states = useMachineStates();
  useLiveRefetch(['machine_state', 'presence'], states.refetch);
  const counts = states.data;
  const option = useMemo(() => (counts ? doughnut(counts) : {}), [counts]);
  return (
    <Card title={M.machineStates.title} extra={counts && M.machineStates.total(counts.total)}>
      <Row gutter={16} align="middle">
        <Col xs={24} sm={10}>
          <Chart height={180} loading={states.isPending} empty={counts?.total === 0} option={option} />
        </Col>
        <Col xs={24} sm={14}>
          <Row gutter={[16, 16]}>
            {MACHINE_STATES.map((state) => (
              <Col span={12} key={state} data-testid={`machine-state-${state}`}>
                <Statistic title={MACHINE_STATE_TITLES[state]} value={counts?.[state] ?? '-'} suffix={counts && '台'} styles={{ content: { color: STATE_COLORS[state] } }} />
              </Col>
            ))}
          </Row>
        </Col>
      </Row>
    </Card>
  );
}
