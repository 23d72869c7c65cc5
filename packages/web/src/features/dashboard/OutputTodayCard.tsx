import { type CustomerOutput, PLANNED_TIME_RULE, formatDuration } from '@gw/contracts';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Progress, Row, Space, Statistic, Table, Tooltip, Typography } from 'antd';
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
    render: (share: number, row) => <Progress percent={percent(share)} size="small" format={(p) => `${p}%`} aria-label={M.output.customerShare(row.customer_name)} />,
  },
];

/**
 * 今日产量: the parts the user's machine tools made today (the platform's zone) and 稼动率 — their running time ÷ their
 * planned time today so far, said under it with the count of machine tools, and the figures and the rule of planned
 * time behind ⓘ: the same figure 机床详情's timeline shows for one machine tool — then the customers (factories,
 * workshops) making the most; asked again on state and presence events and every minute.
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
          <Statistic
            title={
              <Space size={4}>
                {M.output.utilisation}
                <Tooltip title={today ? `${M.output.detail(formatDuration(today.run_s), formatDuration(today.planned_s))}。${PLANNED_TIME_RULE}` : PLANNED_TIME_RULE}>
                  <Button type="text" size="small" icon={<InfoCircleOutlined />} aria-label={M.output.ruleLabel} />
                </Tooltip>
              </Space>
            }
            value={today ? percent(today.utilisation) : '-'}
            suffix={today && '%'}
          />
          {today && (
            <Typography.Text type="secondary" data-testid="output-utilisation-basis">
              {M.output.basis(today.machines)}
            </Typography.Text>
          )}
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
