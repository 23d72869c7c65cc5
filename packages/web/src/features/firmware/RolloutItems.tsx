import { ROLLOUT_ITEM_STATES, ROLLOUT_ITEM_STATE_TITLES, type RolloutCounts, type RolloutItem, type RolloutItemState, labelOf, rolloutResource } from '@gw/contracts';
import { Progress, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { RolloutItemStateTag } from '../../components/RolloutStateTag';
import { parseTime } from '../../utils/format';
import { M } from './messages';

const label = (field: string) => labelOf(rolloutResource, field);

const columns: ColumnsType<RolloutItem> = [
  { key: 'gateway_id', dataIndex: 'gateway_id', title: label('gateway_id') },
  { key: 'batch', dataIndex: 'batch', title: '批次', width: 70 },
  { key: 'state', dataIndex: 'state', title: label('state'), render: (state: RolloutItemState) => <RolloutItemStateTag state={state} /> },
  {
    key: 'progress',
    dataIndex: 'progress',
    title: label('progress'),
    width: 160,
    render: (progress: number, item) => (item.state === 'downloading' ? <Progress percent={Math.round(progress)} size="small" /> : item.state === 'pending' ? '' : '—'),
  },
  { key: 'from_version', dataIndex: 'from_version', title: label('from_version') },
  { key: 'error', dataIndex: 'error', title: label('error'), render: (error: string) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : '') },
  { key: 'updated_at', dataIndex: 'updated_at', title: label('updated_at'), render: (at: string) => parseTime(at) },
];

/** The rollout's boxes, narrowed to one state if chosen (each state offered with its count). */
export function RolloutItems({ items, counts }: { items: RolloutItem[]; counts: RolloutCounts }) {
  const [state, setState] = useState<RolloutItemState | undefined>(undefined);
  const shown = useMemo(() => (state ? items.filter((item) => item.state === state) : items), [items, state]);
  const options = ROLLOUT_ITEM_STATES.map((s) => ({ value: s, label: `${ROLLOUT_ITEM_STATE_TITLES[s]} (${counts[s]})` }));
  return (
    <>
      <Select<RolloutItemState>
        aria-label={label('state')}
        allowClear
        placeholder={M.allStates}
        options={options}
        value={state}
        onChange={setState}
        style={{ width: 180, marginBottom: 12 }}
      />
      <Table<RolloutItem> rowKey="device_id" size="small" columns={columns} dataSource={shown} pagination={{ defaultPageSize: 50, showSizeChanger: true }} scroll={{ x: 'max-content' }} />
    </>
  );
}
