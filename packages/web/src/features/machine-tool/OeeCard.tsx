import { MACHINE_MENU, type OeeFigures, type ShiftOee } from '@gw/contracts';
import { Button, Card, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../utils/permission';
import { parseTime } from '../../utils/format';
import { formatDuration } from './format';
import { useOee } from './oeeApi';
import { PlanDialog } from './PlanDialog';
import { ScrapDialog } from './ScrapDialog';
import { DetailTable } from '../../components/ResourceTable';
import { usePhone } from '../../components/ResourceTable/usePhone';

const T = {
  title: 'OEE 设备综合效率',
  idealCycle: (s: number) => `理想节拍 ${s} 秒/件`,
  plan: '计划设置',
  wholeDay: '当日合计',
  editScrap: (shift: string) => `编辑${shift}报废数`,
  columns: {
    shift: '班次',
    planned: '计划时间',
    run: '运行时间',
    parts: '产量',
    good: '合格',
    scrap: '报废',
    availability: '开动率',
    performance: '性能',
    quality: '合格率',
    oee: 'OEE',
  },
} as const;

/** World class is about 85 %, a typical plant about 60 %: green, gold and red either side. */
export const oeeColor = (ratio: number) => (ratio >= 0.85 ? '#52c41a' : ratio >= 0.6 ? '#faad14' : '#ff4d4f');

/** A ratio as a percent to a tenth (83.3%, 80%), '-' where it is undefined. */
export const percentOf = (ratio: number | null) => (ratio === null ? '-' : `${Number((ratio * 100).toFixed(1))}%`);

/** A ratio as a bar, named for screen readers by what it measures (白班 开动率). */
function Ratio({ value, color, label }: { value: number | null; color?: string; label: string }) {
  if (value === null) return <Typography.Text type="secondary">-</Typography.Text>;
  return <Progress percent={value * 100} size="small" status="normal" strokeColor={color} format={() => percentOf(value)} style={{ minWidth: 110 }} aria-label={label} />;
}

type Row = OeeFigures & { key: string; shift?: ShiftOee };
/** A shift's bound as its plan reads it: the platform's clock, wherever the browser is. */
const clock = (iso: string) => parseTime(iso, '{h}:{i}');

/**
 * OEE of the day chosen on 机床详情: one row per shift and one for the whole day, each with availability,
 * performance, quality and their product; planned and run time; parts, good and scrap (editable per shift),
 * and 计划设置 for who may edit 机床.
 */
export function OeeCard({ id, date }: { id: number; date: string | undefined }) {
  const oee = useOee(id, date);
  const canEdit = useCan()(MACHINE_MENU, 'edit');
  const [planOpen, setPlanOpen] = useState(false);
  const phone = usePhone();
  const [scrapOf, setScrapOf] = useState<ShiftOee | null>(null);
  const data = oee.data;
  const rows: Row[] = data ? [...data.shifts.map((shift) => ({ ...shift, key: shift.name, shift })), { ...data.day, key: '', shift: undefined }] : [];

  const rowName = (row: Row) => row.shift?.name ?? T.wholeDay;
  const ratio = (title: string, pick: (r: Row) => number | null) => (_: unknown, row: Row) => <Ratio value={pick(row)} label={`${rowName(row)} ${title}`} />;
  const columns = [
    {
      key: 'shift',
      title: T.columns.shift,
      render: (_: unknown, { shift }: Row) =>
        shift ? (
          <Space orientation="vertical" size={0}>
            {shift.name}
            <Typography.Text type="secondary">{`${clock(shift.start)}–${clock(shift.end)}`}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text strong>{T.wholeDay}</Typography.Text>
        ),
    },
    { key: 'planned', title: T.columns.planned, render: (_: unknown, row: Row) => formatDuration(row.planned_s) },
    { key: 'run', title: T.columns.run, render: (_: unknown, row: Row) => formatDuration(row.run_s) },
    { key: 'parts', title: T.columns.parts, dataIndex: 'parts' },
    { key: 'good', title: T.columns.good, dataIndex: 'good' },
    {
      key: 'scrap',
      title: T.columns.scrap,
      render: (_: unknown, { scrap, shift }: Row) => (
        <Space size={4}>
          {scrap}
          {shift && canEdit && (
            <Button type="link" size="small" aria-label={T.editScrap(shift.name)} onClick={() => setScrapOf(shift)}>
              编辑
            </Button>
          )}
        </Space>
      ),
    },
    { key: 'availability', title: T.columns.availability, render: ratio(T.columns.availability, (r) => r.availability) },
    { key: 'performance', title: T.columns.performance, render: ratio(T.columns.performance, (r) => r.performance) },
    { key: 'quality', title: T.columns.quality, render: ratio(T.columns.quality, (r) => r.quality) },
    {
      key: 'oee',
      title: T.columns.oee,
      render: (_: unknown, row: Row) => <Ratio value={row.oee} color={row.oee === null ? undefined : oeeColor(row.oee)} label={`${rowName(row)} ${T.columns.oee}`} />,
    },
  ];

  const tools = (
    <Space wrap>
      {data && <Typography.Text type="secondary">{T.idealCycle(data.ideal_cycle_s)}</Typography.Text>}
      {canEdit && <Button onClick={() => setPlanOpen(true)}>{T.plan}</Button>}
    </Space>
  );
  // a phone's card head has no room for the title and these beside it: they go under the title
  return (
    <Card title={T.title} extra={phone ? undefined : tools}>
      {phone && <div style={{ marginBottom: 12 }}>{tools}</div>}
      <DetailTable<Row> rowKey="key" size="small" pagination={false} loading={oee.isFetching} dataSource={rows} columns={columns} scroll={{ x: 'max-content' }} />
      {planOpen && <PlanDialog id={id} onClose={() => setPlanOpen(false)} />}
      {scrapOf && data && <ScrapDialog id={id} date={data.date} shift={scrapOf} onClose={() => setScrapOf(null)} />}
    </Card>
  );
}
