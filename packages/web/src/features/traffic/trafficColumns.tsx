import { MB_BYTES, type TrafficBox } from '@gw/contracts';
import { Progress, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatBytes, formatRatio } from './format';
import { T } from './messages';

/** A box's use of its plan: a bar and the per cent, both red once it is over. */
function PlanUse({ row }: { row: TrafficBox }) {
  if (row.ratio === null) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={6}>
      <Progress percent={Math.min(100, row.ratio * 100)} size="small" showInfo={false} status={row.over ? 'exception' : 'normal'} style={{ width: 80, margin: 0 }} />
      <Typography.Text type={row.over ? 'danger' : undefined} strong={row.over}>
        {formatRatio(row.ratio)}
      </Typography.Text>
    </Space>
  );
}

/** 设备流量's columns (titles from the descriptor); bytes as KB/MB/GB. */
export const trafficColumns: ColumnsType<TrafficBox> = [
  { key: 'gateway_id', dataIndex: 'gateway_id', fixed: 'left' },
  { key: 'name', dataIndex: 'name' },
  { key: 'customer_name', dataIndex: 'customer_name' },
  { key: 'up_bytes', dataIndex: 'up_bytes', align: 'right', render: (bytes: number) => formatBytes(bytes) },
  { key: 'down_bytes', dataIndex: 'down_bytes', align: 'right', render: (bytes: number) => formatBytes(bytes) },
  { key: 'total_bytes', dataIndex: 'total_bytes', align: 'right', render: (bytes: number) => <strong>{formatBytes(bytes)}</strong> },
  {
    key: 'plan_name',
    dataIndex: 'plan_name',
    render: (name: string | null, row) => (name ? `${name} (${formatBytes((row.plan_mb ?? 0) * MB_BYTES)})` : <Typography.Text type="secondary">{T.noPlan}</Typography.Text>),
  },
  { key: 'ratio', render: (_: unknown, row) => <PlanUse row={row} /> },
];
