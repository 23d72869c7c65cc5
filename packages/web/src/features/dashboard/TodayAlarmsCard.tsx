import type { TodayAlarm } from '@gw/contracts';
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import { useLiveRefetch } from '../../utils/live';
import { useTodayAlarms } from './api';
import { M } from './messages';

const clock = (time: string) => parseTime(time, '{h}:{i}:{s}');

/** 报警中 in red while the alarm is on, else 已恢复 with the time it ended. */
function AlarmState({ alarm }: { alarm: TodayAlarm }) {
  if (!alarm.ended_at) return <Tag color="red">{M.todayAlarms.active}</Tag>;
  return (
    <Space size={4}>
      <Tag color="green">{M.todayAlarms.ended}</Tag>
      <Typography.Text type="secondary">{clock(alarm.ended_at)}</Typography.Text>
    </Space>
  );
}

const columns: ColumnsType<TodayAlarm> = [
  { key: 'started_at', dataIndex: 'started_at', title: M.todayAlarms.time, width: 90, render: clock },
  { key: 'gateway_id', dataIndex: 'gateway_id', title: M.todayAlarms.gateway },
  { key: 'machine', title: M.todayAlarms.machine, render: (_, alarm) => alarm.machine_name || alarm.machine_code },
  { key: 'alarm_no', dataIndex: 'alarm_no', title: M.todayAlarms.alarmNo },
  { key: 'alarm_msg', dataIndex: 'alarm_msg', title: M.todayAlarms.message, ellipsis: true },
  { key: 'state', title: M.todayAlarms.state, render: (_, alarm) => <AlarmState alarm={alarm} /> },
];

/**
 * 今日报警: the latest alarms of the user's scope that started today (the platform's zone), latest first, with how many
 * there are today and how many are still on; refetched on alarm events.
 */
export function TodayAlarmsCard() {
  const alarms = useTodayAlarms();
  useLiveRefetch(['alarm'], alarms.refetch);
  const today = alarms.data;
  return (
    <Card title={M.todayAlarms.title} extra={today && <Typography.Text type="secondary">{M.todayAlarms.summary(today.total, today.active)}</Typography.Text>}>
      <Table<TodayAlarm>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 320 }}
        loading={alarms.isPending}
        dataSource={today?.items}
        columns={columns}
        locale={{ emptyText: M.todayAlarms.empty }}
      />
    </Card>
  );
}
