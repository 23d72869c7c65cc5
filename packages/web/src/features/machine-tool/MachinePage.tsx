import { MACHINE_STATES, PLANNED_TIME_RULE, timelineUtilisation } from '@gw/contracts';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tooltip, Typography } from 'antd';
import type { Dayjs } from '../../utils/dayjs';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Chart } from '../../components/Chart';
import { wallNow } from '../../utils/dayjs';
import { ZoneDatePicker, ZoneNote } from '../../components/DateRange';
import { usePhone } from '../../components/ResourceTable/usePhone';
import { MachineRealtimeCard, MachineStateTag } from '../../components/MachineRealtime';
import { useLiveRealtime } from '../../components/MachineRealtime/realtimeApi';
import { AlarmHistory } from './AlarmHistory';
import { useMachine, useParts, useTimeline } from './detailApi';
import { formatDuration } from './format';
import { OeeCard } from './OeeCard';
import { partsOption, timelineOption } from './timelineOption';

const T = {
  title: (name: string, code: string) => `机床详情: ${name || code}(${code})`,
  timeline: '状态时间线',
  parts: '每小时产量',
  partsTotal: (n: number) => `当日共 ${n} 件`,
  day: '日期',
  utilisation: '稼动率',
  /** What 稼动率 divides: today so far, or a past day's whole planned time. */
  utilisationRule: (today: boolean) => (today ? '运行时长 ÷ 今日至今计划时长' : '运行时长 ÷ 当日计划时长'),
  ruleLabel: '稼动率的算法',
} as const;

/** A share as a percent to a tenth: 0.4567 → 45.7%; '-' for a day with nothing planned. */
const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 1000) / 10}%`);

/** The platform-zone day a picked date names, or undefined for today. */
const dayOf = (picked: Dayjs | null) => (picked && !picked.isSame(wallNow(), 'day') ? picked.format('YYYY-MM-DD') : undefined);

/**
 * 机床详情 (/device/machine/{id}): one machine tool's live values and alarms, its day as a state timeline with the
 * time in each state and 稼动率 (the figure 首页's 今日产量 gives for this machine tool alone), its parts per hour,
 * and its alarm history; any past day can be chosen.
 */
export default function MachinePage() {
  const id = Number(useParams().id);
  const machine = useMachine(id);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const date = dayOf(picked);
  const timeline = useTimeline(id, date);
  const parts = useParts(id, date);
  useLiveRealtime(machine.data?.device_id ?? 0);
  // a phone's card head has no room for the title and the day beside it: the day goes under the title
  const phone = usePhone();

  const dayPicker = (
    <Space size={8} wrap>
      <ZoneNote />
      <ZoneDatePicker aria-label={T.day} value={picked ?? wallNow()} allowClear={false} disabledDate={(day) => day.isAfter(wallNow(), 'day')} onChange={setPicked} />
    </Space>
  );
  const timelineChart = useMemo(() => (timeline.data ? timelineOption(timeline.data) : null), [timeline.data]);
  const partsChart = useMemo(() => (parts.data ? partsOption(parts.data) : null), [parts.data]);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {machine.data && <MachineRealtimeCard machine={machine.data} />}
      <Card title={machine.data ? T.title(machine.data.name, machine.data.code) + ' · ' + T.timeline : T.timeline} extra={phone ? undefined : dayPicker}>
        {phone && <div style={{ marginBottom: 12 }}>{dayPicker}</div>}
        {/* SVG: the hours on its axis are text (for screen readers and browser tests), a day's few bands cost nothing */}
        <Chart height={140} loading={timeline.isFetching} option={timelineChart ?? {}} notMerge renderer="svg" />
        {timeline.data && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 5 }}
            items={[
              ...MACHINE_STATES.map((state) => ({
                key: state,
                label: <MachineStateTag state={state} />,
                children: formatDuration(timeline.data.totals[state]),
              })),
              {
                key: 'utilisation',
                label: (
                  <Space size={2}>
                    {T.utilisation}
                    <Tooltip title={PLANNED_TIME_RULE}>
                      <Button type="text" size="small" icon={<InfoCircleOutlined />} aria-label={T.ruleLabel} />
                    </Tooltip>
                  </Space>
                ),
                children: (
                  <span data-testid="timeline-utilisation">
                    {percent(timelineUtilisation(timeline.data))}
                    <Typography.Text type="secondary">{`(${T.utilisationRule(date === undefined)})`}</Typography.Text>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Card title={T.parts} extra={parts.data && <Typography.Text type="secondary">{T.partsTotal(parts.data.total)}</Typography.Text>}>
        <Chart height={220} loading={parts.isFetching} empty={parts.data?.total === 0} option={partsChart ?? {}} notMerge renderer="svg" />
      </Card>
      <OeeCard id={id} date={date} />
      <AlarmHistory id={id} />
    </Space>
  );
}
