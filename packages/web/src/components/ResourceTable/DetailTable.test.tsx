import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DetailTable } from './DetailTable';

interface Entry {
  id: number;
  at: string;
  reason: string;
  ip: string;
}
const rows: Entry[] = [
  { id: 1, at: '2026-01-02 08:00:00', reason: '心跳超时', ip: '198.18.0.7' },
  { id: 2, at: '2026-01-02 07:00:00', reason: '设备连接', ip: '198.18.0.7' },
];
const columns: ColumnsType<Entry> = [
  { key: 'at', dataIndex: 'at', title: '时间' },
  { key: 'reason', dataIndex: 'reason', title: '原因', render: (reason: string) => <strong>{reason}</strong> },
  { key: 'ip', dataIndex: 'ip', title: 'IP' },
];

/** A window `width` px wide, as the kit's media query sees it. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) >= width,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

describe('DetailTable', () => {
  it('is a table on a wide screen', () => {
    windowWidth(1440);
    render(<DetailTable<Entry> rowKey="id" dataSource={rows} columns={columns} pagination={false} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['时间', '原因', 'IP']);
  });

  it('shows each row as a card on a phone: the first column as its title, the others by their titles, pages below', async () => {
    windowWidth(390);
    const onChange = vi.fn();
    const { container } = render(<DetailTable<Entry> rowKey="id" dataSource={rows} columns={columns} pagination={{ current: 1, pageSize: 2, total: 5, onChange }} />);
    expect(screen.queryByRole('table')).toBeNull();
    // (the pager below is a list of its own)
    const cards = within(screen.getAllByRole('list')[0]).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('2026-01-02 08:00:00')).toBeInTheDocument();
    // each field under its column's title, drawn as the column draws it
    expect(within(cards[0]).getByText('原因').nextSibling).toHaveTextContent('心跳超时');
    expect(within(cards[0]).getByText('心跳超时').tagName).toBe('STRONG');
    await userEvent.setup({ delay: null }).click(container.querySelector<HTMLElement>('.ant-pagination-next')!);
    expect(onChange).toHaveBeenCalledWith(2, 2);
  });

  it('says what is missing when there are no rows', () => {
    windowWidth(390);
    render(<DetailTable<Entry> rowKey="id" dataSource={[]} columns={columns} locale={{ emptyText: '暂无上下线记录' }} />);
    expect(screen.getByText('暂无上下线记录')).toBeInTheDocument();
  });
});
