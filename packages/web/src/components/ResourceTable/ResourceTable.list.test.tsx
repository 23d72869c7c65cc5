import { screen, waitFor, within } from '@testing-library/react';
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

  it('column settings hide and reorder columns, keep the key column first, and the choice survives a remount', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderInShell(page());
    await screen.findByText('共 45 条');
    expect(headers()).toEqual(['键', '值', '描述', '操作']);

    await user.click(screen.getByLabelText('列设置'));
    const settings = within(await waitFor(() => document.querySelector<HTMLElement>('.ant-popover')!));
    // 键 names the rows: it stays shown and first
    expect(settings.getByLabelText('键')).toBeDisabled();
    expect(settings.getByLabelText('下移 键')).toBeDisabled();
    expect(settings.getByLabelText('上移 值')).toBeDisabled();
    await user.click(settings.getByLabelText('下移 值'));
    await waitFor(() => expect(headers()).toEqual(['键', '描述', '值', '操作']));
    await user.click(settings.getByLabelText('描述'));
    await waitFor(() => expect(headers()).toEqual(['键', '值', '操作']));

    first.unmount();
    renderInShell(page());
    await screen.findByText('共 45 条');
    expect(headers()).toEqual(['键', '值', '操作']);
    expect(JSON.parse(localStorage.getItem(`columns:${P}`)!)).toEqual({ order: ['key', 'description', 'value'], hidden: ['description'], shown: [] });
  });

  it('fixes the key column at the left, leaves the declared columns off until chosen, and lists them in 列设置', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} presentation={{ key: 'value', hidden: ['description'] }} />);
    await screen.findByText('共 45 条');
    expect(headers()).toEqual(['值', '键', '操作']);
    expect(header('值').className).toContain('ant-table-cell-fix');
    await user.click(screen.getByLabelText('列设置'));
    const description = within(await waitFor(() => document.querySelector<HTMLElement>('.ant-popover')!)).getByLabelText('描述');
    expect(description).not.toBeChecked();
    await user.click(description);
    await waitFor(() => expect(headers()).toEqual(['值', '键', '描述', '操作']));
  });

  it('keeps the hidden select-all copy antd measures columns with out of the tab order', async () => {
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} />);
    await screen.findByText('共 45 条');
    const measured = () => [...document.querySelectorAll<HTMLElement>('.ant-table-measure-row input, .ant-table-measure-row button')];
    await waitFor(() => expect(measured().length).toBeGreaterThan(0));
    await waitFor(() => expect(measured().map((element) => element.tabIndex)).toEqual(measured().map(() => -1)));
    // the header's own select-all stays reachable
    expect(document.querySelector<HTMLInputElement>('thead input[type="checkbox"]')!.tabIndex).not.toBe(-1);
  });

  it('an empty list says what belongs there and offers 新增 to whom may add', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock = mockApi({ [`GET ${P}`]: () => listBody(0) }).fetchMock;
    renderInShell(
      <ResourceTable<Row> resource={P} title="配置" columns={columns} presentation={{ empty: '还没有配置: 新增的配置项在这里列出' }} form={() => null} />,
    );
    expect(await screen.findByText('还没有配置: 新增的配置项在这里列出')).toBeInTheDocument();
    await user.click(screen.getAllByText('新增配置').map((el) => el.closest('button')).find(Boolean)!);
    expect(await screen.findByRole('dialog', { name: '新增配置' })).toBeInTheDocument();
  });

  it('an empty search result says nothing matched and clears the search', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock = mockApi({ [`GET ${P}`]: () => listBody(0) }).fetchMock;
    renderInShell(page(), `${P}?keywords=nothing`);
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
    expect(screen.queryByText('还没有配置')).toBeNull();
    await user.click(screen.getByText('清除筛选'));
    await waitFor(() => expect(urlQuery().toString()).toBe(''));
  });
});
