import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { ResourceTable } from '.';
import type { RowAction } from './listTypes';
import { renderInShell, urlQuery } from './testing';
import type { FilterField } from './types';

const P = '/device/device';
interface Box {
  id: number;
  gateway_id: string;
  name: string;
  company: string;
  online: string;
  remark: string;
}
const boxes: Box[] = [
  { id: 1, gateway_id: 'GW-1', name: '一号网关', company: '华东一厂', online: '在线', remark: '车间东侧' },
  { id: 2, gateway_id: 'GW-2', name: '二号网关', company: '华东一厂', online: '离线', remark: '' },
];
const columns: ColumnsType<Box> = [
  { key: 'id', dataIndex: 'id', title: '序号' },
  { key: 'gateway_id', dataIndex: 'gateway_id', title: '设备ID' },
  { key: 'remark', dataIndex: 'remark', title: '备注' },
  { key: 'name', dataIndex: 'name', title: '设备名称' },
  { key: 'company', dataIndex: 'company', title: '公司名称' },
  { key: 'online', dataIndex: 'online', title: '是否在线' },
];
const filters: FilterField[] = [{ name: 'online', label: '是否在线', type: 'select', options: [{ label: '在线', value: 'true' }, { label: '离线', value: 'false' }] }];
const open = vi.fn();
const rowActions: RowAction<Box>[] = [
  { key: 'detail', label: '详情', main: true, onClick: open },
  { key: 'machines', label: '机床', onClick: vi.fn() },
];

/** A window 390 px wide: every media query asking for at most 767 px matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*767px/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  mockApi({ [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }) });
  phoneWidth();
});
afterEach(() => vi.unstubAllGlobals());

const page = () => (
  <ResourceTable<Box>
    resource={P}
    title="网关设备"
    columns={columns}
    filters={filters}
    rowActions={rowActions}
    form={() => null}
    presentation={{ key: 'gateway_id', card: ['name', 'company', 'online'] }}
  />
);

describe('a list on a phone', () => {
  it('shows each row as a card: the key, the card fields, the main action and 更多 with the rest', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(page(), P);
    const card = (await screen.findByText('GW-1')).closest<HTMLElement>('.ant-card')!;
    expect(document.querySelector('table')).toBeNull();
    expect(within(card).getByText('一号网关')).toBeInTheDocument();
    expect(within(card).getByText('华东一厂')).toBeInTheDocument();
    expect(within(card).getByText('在线')).toBeInTheDocument();
    // what the card leaves out waits in the drawer
    expect(within(card).queryByText('车间东侧')).toBeNull();
    const buttons = within(card)
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(['详情', '更多']);
    await user.click(within(card).getByText('详情').closest('button')!);
    expect(open).toHaveBeenCalledWith(boxes[0], expect.objectContaining({ resource: P }));
    await user.click(within(card).getByLabelText('GW-1 的更多操作'));
    expect(await screen.findByRole('menuitem', { name: /机床/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /编辑/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /删除/ })).toBeInTheDocument();
  });

  it('folds the filters into a drawer behind 筛选, which counts the filters on', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(page(), P);
    await screen.findByText('GW-1');
    expect(screen.getByPlaceholderText('请输入关键词')).toBeVisible();
    const filter = screen.getByText('筛选').closest('button')!;
    expect(filter).toHaveAccessibleName('筛选');
    await user.click(filter);
    const drawer = (await screen.findByText('筛选条件')).closest<HTMLElement>('.ant-drawer')!;
    await user.click(within(drawer).getByLabelText('是否在线'));
    await user.click(await screen.findByTitle('离线'));
    // chosen in the drawer, applied with its 搜索
    expect(urlQuery().get('online')).toBeNull();
    await user.click(within(drawer).getByText(/^搜\s*索$/));
    await waitFor(() => expect(urlQuery().get('online')).toBe('false'));
    await waitFor(() => expect(screen.getByText('筛选').closest('button')).toHaveAccessibleName('筛选 (已选 1 项)'));
  });
});
