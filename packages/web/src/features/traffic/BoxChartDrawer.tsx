import { TRAFFIC_MAX_DAYS, type TrafficBox } from '@gw/contracts';
import { Drawer, Segmented, Space, Typography } from 'antd';
import { ZoneDatePicker } from '../../components/DateRange';
import { useMemo, useState } from 'react';
import { Chart } from '../../components/Chart';
import { type Dayjs, wallNow } from '../../utils/dayjs';
import { toast } from '../../utils/notify';
import { useTrafficDaily } from './api';
import { dailyOption } from './chartOptions';
import { formatBytes } from './format';
import { T } from './messages';

/** The 30 days to today, the range a chart opens with. */
const lastDays = (): [Dayjs, Dayjs] => [wallNow().subtract(29, 'day'), wallNow()];

/**
 * 流量图 of one box: bytes up and down per day over a chosen range (at most 366 days, none to come), as lines or
 * bars, with the range's totals.
 */
export function BoxChartDrawer({ box, onClose }: { box: TrafficBox | null; onClose: () => void }) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(lastDays);
  const [kind, setKind] = useState<'line' | 'bar'>('bar');
  const daily = useTrafficDaily(box?.device_id ?? null, range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'));
  const option = useMemo(() => (daily.data ? dailyOption(daily.data, kind) : {}), [daily.data, kind]);
  const pick = (picked: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = picked ?? [];
    if (!start || !end) return setRange(lastDays());
    if (end.diff(start, 'day') + 1 > TRAFFIC_MAX_DAYS) return void toast.warning(T.tooLong);
    setRange([start, end]);
  };

  return (
    <Drawer title={box ? T.chartTitle(box.name, box.gateway_id) : T.chart} open={!!box} onClose={onClose} size={900} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <ZoneDatePicker.RangePicker aria-label={T.range} value={range} allowClear={false} disabledDate={(day) => day.isAfter(wallNow(), 'day')} onChange={pick} />
        <Segmented<'line' | 'bar'> value={kind} onChange={setKind} options={[{ label: T.bar, value: 'bar' }, { label: T.line, value: 'line' }]} />
        {daily.data && <Typography.Text type="secondary">{T.rangeTotal(formatBytes(daily.data.up_bytes), formatBytes(daily.data.down_bytes))}</Typography.Text>}
      </Space>
      <Chart height={360} loading={daily.isFetching} option={option} notMerge />
    </Drawer>
  );
}
