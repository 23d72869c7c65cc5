import { DatePicker, Typography } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import dayjs, { type Dayjs, wallNow } from '../../utils/dayjs';
import { zoneLabel } from '../../utils/zone';

const DAY = 'YYYY-MM-DD';

/**
 * antd's DatePicker on the platform's wall clock: its 今天 and 此刻, and the day it marks as today, are the
 * platform's (see utils/dayjs toWall / fromWall for the values it takes and gives), whatever the browser's zone.
 * Same props as antd's DatePicker, with .RangePicker, .MonthPicker….
 */
export const ZoneDatePicker = DatePicker.generatePicker<Dayjs>({ ...dayjsGenerateConfig, getNow: wallNow });

/** 时间均为 北京时间 (UTC+8): said beside pickers and time-bearing views so nobody reads another zone into them. */
export function ZoneNote({ style }: { style?: React.CSSProperties }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, ...style }}>
      时间均为 {zoneLabel()}
    </Typography.Text>
  );
}

/** The last week, month and three months up to the platform's today. */
export const rangePresets = () => {
  const today = wallNow().startOf('day');
  return [
    { label: '最近一周', value: [today.subtract(1, 'week'), today] as [Dayjs, Dayjs] },
    { label: '最近一个月', value: [today.subtract(1, 'month'), today] as [Dayjs, Dayjs] },
    { label: '最近三个月', value: [today.subtract(3, 'month'), today] as [Dayjs, Dayjs] },
  ];
};

/**
 * A range of days of the platform's zone, as a list's filter takes it (start_date and end_date are read in
 * that zone by the server): antd's RangePicker with the platform's today and the zone said under its calendar
 * (Tab leaves it as any range picker: utils/pickerTab). Same props as antd's RangePicker.
 */
export function DayRangePicker({ renderExtraFooter, ...rest }: RangePickerProps) {
  return <ZoneDatePicker.RangePicker {...rest} renderExtraFooter={renderExtraFooter ?? (() => <ZoneNote />)} />;
}

export interface DateRangeValue {
  start_date: string;
  end_date: string;
}

/** '{"start_date":"…","end_date":"…"}' → the two days, or null for '' and anything unreadable. */
export function parseDateRange(value: string | null | undefined): [Dayjs, Dayjs] | null {
  if (!value) return null;
  try {
    const { start_date, end_date } = JSON.parse(value) as Partial<DateRangeValue>;
    const start = dayjs(start_date);
    const end = dayjs(end_date);
    return start_date && end_date && start.isValid() && end.isValid() ? [start, end] : null;
  } catch {
    return null;
  }
}

/** The two days as the stored JSON string `{start_date, end_date}`; '' when cleared. */
export function formatDateRange(dates: readonly [Dayjs | null, Dayjs | null] | null | undefined): string {
  const [start, end] = dates ?? [null, null];
  if (!start || !end) return '';
  const range: DateRangeValue = { start_date: start.format(DAY), end_date: end.format(DAY) };
  return JSON.stringify(range);
}

type Props = Omit<RangePickerProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/** A day range stored as '{"start_date":"YYYY-MM-DD","end_date":"YYYY-MM-DD"}', days of the platform's zone. */
export function DateRange({ value, onChange, ...rest }: Props) {
  return <DayRangePicker {...rest} value={parseDateRange(value)} onChange={(dates) => onChange?.(formatDateRange(dates))} />;
}

export default DateRange;
