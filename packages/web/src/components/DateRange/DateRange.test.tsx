import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIME_ZONE, setPlatformZone } from '../../utils/zone';
import { DateRange, DayRangePicker, ZoneNote, formatDateRange, parseDateRange, rangePresets } from '.';

const STORED = '{"start_date":"2024-03-01","end_date":"2024-03-31"}';

describe('DateRange value', () => {
  it('is a JSON string with start_date and end_date', () => {
    expect(formatDateRange([dayjs('2024-03-01 10:00'), dayjs('2024-03-31')])).toBe(STORED);
  });
  it("is '' when cleared", () => {
    expect(formatDateRange(null)).toBe('');
    expect(formatDateRange([dayjs(), null])).toBe('');
  });
  it('reads back into two days, ignoring what it cannot read', () => {
    const range = parseDateRange(STORED);
    expect(range?.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2024-03-01', '2024-03-31']);
    expect(parseDateRange('')).toBeNull();
    expect(parseDateRange('{oops')).toBeNull();
    expect(parseDateRange('{"start_date":"2024-03-01"}')).toBeNull();
  });
});

describe('DateRange', () => {
  it('shows the stored days and clears to an empty string', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = render(<DateRange value={STORED} onChange={onChange} allowClear />);
    expect(screen.getByDisplayValue('2024-03-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2024-03-31')).toBeInTheDocument();
    await user.hover(container.querySelector('.ant-picker')!);
    await user.click(container.querySelector('.ant-picker-clear')!);
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

describe('DayRangePicker', () => {
  it('lets Tab leave an empty 开始日期, forwards and back', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <>
        <button type="button">之前</button>
        <DayRangePicker placeholder={['开始日期', '结束日期']} />
        <button type="button">之后</button>
      </>,
    );
    await user.click(screen.getByPlaceholderText('开始日期'));
    expect(screen.getByPlaceholderText('开始日期')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '之后' })).toHaveFocus();
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '之前' })).toHaveFocus();
  });
});

describe('the platform zone beside the pickers', () => {
  it("names the zone and counts the presets back from the platform's today", () => {
    setPlatformZone('Asia/Shanghai');
    render(<ZoneNote />);
    expect(screen.getByText(/^时间均为 北京时间 \(UTC\+8\)$/)).toBeInTheDocument();
    const [week] = rangePresets();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(week.value[1].format('YYYY-MM-DD')).toBe(today);
    setPlatformZone(DEFAULT_TIME_ZONE);
  });
});
