import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { DateRange, formatDateRange, parseDateRange } from '.';

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
