import { MACHINE_STATES, MACHINE_STATE_TITLES, type MachineAlarm, type MachineAlarmQuery } from '@gw/contracts';
import { Card, DatePicker, Descriptions, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from '../../../utils/dayjs';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Chart } from '../../../components/Chart';
import { STATE_COLORS } from '../../../components/Chart/theme';
import dayjs from '../../../utils/dayjs';
import { parseTime } from '../../../utils/format';
import { MachineRealtimeCard } from '../MachineRealtimeCard';
import { useLiveRealtime } from '../realtimeApi';
import { useAlarmHistory, useMachine, useParts, useTimeline } from './api';
import { formatDuration } from './format';
import { partsOption, timelineOption } from './timelineOption';

const T = {
  title: (name: string, code: string) => `机床详情: ${name || code}(${code})`,
  timeline: '状态时间线',
  parts: '每小时产量',
  partsTotal: (n: number) => `当日共 ${n} 件`,
  alarms: '报警历史',
  day: '日期',
  keywords: '报警号或信息',
  active: '状态',
  on: '报警中',
  off: '已恢复',
  columns: { no: '报警号', type: '类型', msg: '信息', start: '开始', end: '结束', duration: '持续' },
} as const;

/** The China-time day a picked date names, or undefined for today. */
const dayOf = (picked: Dayjs | null) => (picked && !picked.isSame(dayjs(), 'day') ? picked.format('YYYY-MM-DD') : undefined);

/**
 * 机床详情 (/device/machine/{id}): one machine tool's live values and alarms, its day as a state timeline with the
 * time in each state, its parts per hour, and its alarm history; any past day can be chosen.
 */
export default function MachinePage() {
  const id = Number(useParams().id);
  const machine = useMachine(id);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const date = dayOf(picked);
  const timeline = useTimeline(id, date);
  const parts = useParts(id, date);
  useLiveRealtime(machine.data?.device_id ?? 0);

  const dayPicker = (
    <DatePicker aria-label={T.day} value={picked ?? dayjs()} allowClear={false} disabledDate={(day) => day.isAfter(dayjs(), 'day')} onChange={setPicked} />
  );
  const timelineChart = useMemo(() => (timeline.data ? timelineOption(timeline.data) : null), [timeline.data]);
  const partsChart = useMemo(() => (parts.data ? partsOption(parts.data) : null), [parts.data]);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {machine.data && <MachineRealtimeCard machine={machine.data} />}
      <Card title={machine.data ? T.title(machine.data.name, machine.data.code) + ' · ' + T.timeline : T.timeline} extra={dayPicker}>
        <Chart height={140} loading={timeline.isFetching} option={timelineChart ?? {}} notMerge />
        {timeline.data && (
          <Descriptions
            size="small"
            column={4}
            items={MACHINE_STATES.map((state) => ({
              key: state,
              label: <Tag color={STATE_COLORS[state]}>{MACHINE_STATE_TITLES[state]}</Tag>,
              children: formatDuration(timeline.data.totals[state]),
            }))}
          />
        )}
      </Card>
      <Card title={T.parts} extra={parts.data && <Typography.Text type="secondary">{T.partsTotal(parts.data.total)}</Typography.Text>}>
        <Chart height={220} loading={parts.isFetching} empty={parts.data?.total === 0} option={partsChart ?? {}} notMerge />
      </Card>
      <AlarmHistory id={id} />
    </Space>
  );
}

function AlarmHistory({ id }: { id: number }) {
  const [query, setQuery] = useState<Partial<MachineAlarmQuery>>({ page: 1, limit: 10 });
  const history = useAlarmHistory(id, query);
  const set = (change: Partial<MachineAlarmQuery>) => setQuery((q) => ({ ...q, ...change, page: change.page ?? 1 }));
  const columns = [
    { key: 'no', dataIndex: 'alarm_no', title: T.columns.no },
    { key: 'type', dataIndex: 'alarm_type', title: T.columns.type },
    { key: 'msg', dataIndex: 'alarm_msg', title: T.columns.msg },
    { key: 'start', title: T.columns.start, render: (_: unknown, row: MachineAlarm) => parseTime(row.started_at) },
    { key: 'end', title: T.columns.end, render: (_: unknown, row: MachineAlarm) => (row.ended_at ? parseTime(row.ended_at) : <Tag color="red">{T.on}</Tag>) },
    { key: 'duration', title: T.columns.duration, render: (_: unknown, row: MachineAlarm) => (row.duration_s === null ? '-' : formatDuration(row.duration_s)) },
  ];
  return (
    <Card
      title={T.alarms}
      extra={
        <Space wrap>
          <Input.Search aria-label={T.keywords} placeholder={T.keywords} allowClear style={{ width: 200 }} onSearch={(keywords) => set({ keywords: keywords || undefined })} />
          <DatePicker.RangePicker
            onChange={(range) => set({ start_date: range?.[0]?.format('YYYY-MM-DD'), end_date: range?.[1]?.format('YYYY-MM-DD') })}
          />
          <Select
            aria-label={T.active}
            placeholder={T.active}
            allowClear
            style={{ width: 110 }}
            options={[{ value: 'yes', label: T.on }, { value: 'no', label: T.off }]}
            onChange={(active?: 'yes' | 'no') => set({ active })}
          />
        </Space>
      }
    >
      <Table<MachineAlarm>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.rows}
        columns={columns}
        pagination={{ current: query.page, pageSize: query.limit, total: history.data?.count ?? 0, showSizeChanger: true, onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })) }}
      />
    </Card>
  );
}
