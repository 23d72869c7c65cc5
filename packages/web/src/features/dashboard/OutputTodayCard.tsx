import type { CustomerOutput } from '@gw/contracts';
import { Card, Col, Progress, Row, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLiveRefetch } from '../../utils/live';
import { useOutputToday } from './api';
import { M } from './messages';

/** A share as the card prints it: 0.4567 → 45.7 (%). */
const percent = (share: number) => Math.round(share * 1000) / 10;

const columns: ColumnsType<CustomerOutput> = [
  { key: 'customer_name', dataIndex: 'customer_name', title: M.output.customer, ellipsis: true },
  { key: 'parts', dataIndex: 'parts', title: M.output.parts, align: 'right', width: 100 },
  {
    key: 'utilisation',
    dataIndex: 'utilisation',
    title: M.output.utilisation,
    width: 160,
    render: (share: number) => <Progress percent={percent(share)} size="small" format={(p) => `${p}%`} />,
  },
];

/**
 * 今日产量: the parts the user's machine tools made today (China time) and the share of the day they ran, then the
 * customers (factories, workshops) making the most; asked again on state and presence events and every minute.
 */
export function OutputTodayCard() {
  const output = useOutputToday();
  useLiveRefetch(['machine_state', 'presence'], output.refetch, 5000);
  const today = output.data;
  return (
    <Card title={M.output.title} extra={today && <Typography.Text type="secondary">{M.output.machines(today.machines)}</Typography.Text>}>
      <Row gutter={16}>
        <Col span={12} data-testid="output-parts">
          <Statistic title={M.output.parts} value={today?.parts ?? '-'} suffix={today && M.output.pieces} />
        </Col>
        <Col span={12} data-testid="output-utilisation">
          <Statistic title={M.output.utilisation} value={today ? percent(today.utilisation) : '-'} suffix={today && '%'} />
        </Col>
      </Row>
      <Table<CustomerOutput>
        style={{ marginTop: 16 }}
        rowKey="customer_id"
        size="small"
        pagination={false}
        loading={output.isPending}
        dataSource={today?.items}
        columns={columns}
        locale={{ emptyText: M.output.empty }}
      />
    </Card>
  );
}
