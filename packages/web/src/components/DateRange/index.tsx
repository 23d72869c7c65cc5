import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from '../../utils/dayjs';

const DAY = 'YYYY-MM-DD';

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

/** A day range stored as '{"start_date":"YYYY-MM-DD","end_date":"YYYY-MM-DD"}'. */
export function DateRange({ value, onChange, ...rest }: Props) {
  return <DatePicker.RangePicker {...rest} value={parseDateRange(value)} onChange={(dates) => onChange?.(formatDateRange(dates))} />;
}

export default DateRange;
