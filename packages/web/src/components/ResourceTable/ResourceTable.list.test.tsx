import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, userInfo } from '../../test/mockApi';
import dayjs from '../../utils/dayjs';
import { ResourceTable } from '.';
import { lastGet, listBody, renderInShell, settled, urlQuery } from './testing';
import type { FilterField } from './types';

const P = '/system/config';
interface Row {
  id: number;
  key: string;
  value: string;
  description: string;
}
const columns: ColumnsType<Row> = [
  { key: 'key', dataIndex: 'key', title: '键', sorter: true },
  { key: 'value', dataIndex: 'value', title: '值' },
  { key: 'description', dataIndex: 'description', title: '描述' },
];
const filters: FilterField[] = [{ name: 'public', label: '公开', type: 'select', options: [{ label: '是', value: 1 }, { label: '否', value: 0 }] }];
const page = () => <ResourceTable<Row> resource={P} title="配置" columns={columns} filters={filters} />;
// role queries walk the whole table and are slow in jsdom; the header cells are enough here
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
const header = (title: string) => [...document.querySelectorAll('thead th')].find((th) => th.textContent === title)!;

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  fetchMock = mockApi({ [`GET ${P}`]: () => listBody(45) }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceTable list', () => {
  it('reopens a shared link on its page, and paging and sorting move both the request and the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(page(), `${P}?page=2`);
    expect(await screen.findByText('共 45 条')).toBeInTheDocument();
    expect(Object.fromEntries(lastGet(fetchMock, P)!)).toEqual({ page: '2', limit: '20' });

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('page')).toBe('3'));
    expect(urlQuery().get('page')).toBe('3');
    await settled();

    await user.click(header('键'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('sort')).toBe('key'));
    expect(urlQuery().get('sort')).toBe('key');
    expect(urlQuery().get('page')).toBeNull();
    await settled();
    await user.click(header('键'));
    await waitFor(() => expect(urlQuery().get('sort')).toBe('-key'));
    expect(lastGet(fetchMock, P)?.get('sort')).toBe('-key');
  });

  it('searches by keyword on Enter and by a filter as soon as it is picked; 重置 clears both', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(page(), `${P}?page=2`);
    await screen.findByText('共 45 条');
    await user.type(screen.getByPlaceholderText('请输入关键词'), 'mqtt{Enter}');
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('keywords')).toBe('mqtt'));
    expect(lastGet(fetchMock, P)?.get('page')).toBe('1');
    expect(urlQuery().get('keywords')).toBe('mqtt');

    await user.click(screen.getByLabelText('公开'));
    await user.click(await screen.findByTitle('否'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('public')).toBe('0'));
    expect(urlQuery().toString()).toBe('keywords=mqtt&public=0');

    await user.click(screen.getByText(/^重\s*置$/));
    await waitFor(() => expect(urlQuery().toString()).toBe(''));
    expect(screen.getByPlaceholderText('请输入关键词')).toHaveValue('');
    expect(Object.fromEntries(lastGet(fetchMock, P)!)).toEqual({ page: '1', limit: '20' });
  });

  it('a date preset sets start_date and end_date', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(page());
    await screen.findByText('共 45 条');
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.click(await screen.findByText('最近一周'));
    const start = dayjs().subtract(1, 'week').format('YYYY-MM-DD');
    const end = dayjs().format('YYYY-MM-DD');
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('start_date')).toBe(start));
    expect(lastGet(fetchMock, P)?.get('end_date')).toBe(end);
    expect(urlQuery().get('start_date')).toBe(start);
    expect(urlQuery().get('end_date')).toBe(end);
  });

  it('column settings hide and reorder columns, and the choice survives a remount', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderInShell(page());
    await screen.findByText('共 45 条');
    expect(headers()).toEqual(['键', '值', '描述', '操作']);

    await user.click(screen.getByLabelText('列设置'));
    await user.click(await screen.findByLabelText('描述'));
    await waitFor(() => expect(headers()).toEqual(['键', '值', '操作']));
    await user.click(screen.getByLabelText('下移 键'));
    await waitFor(() => expect(headers()).toEqual(['值', '键', '操作']));

    first.unmount();
    renderInShell(page());
    await screen.findByText('共 45 条');
    expect(headers()).toEqual(['值', '键', '操作']);
    expect(JSON.parse(localStorage.getItem(`columns:${P}`)!)).toEqual({ order: ['value', 'key', 'description'], hidden: ['description'] });
  });
});
