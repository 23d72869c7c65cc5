import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STORAGE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import { ListGrid, ResourceList, ResourceTable } from '.';
import type { ListDescriptor } from './listTypes';
import { lastGet, renderInShell } from './testing';

const P = '/manager/device_flow';
interface Flow {
  id: number;
  gateway_id: string;
  type: string;
}
const flows: ColumnsType<Flow> = [{ key: 'gateway_id', dataIndex: 'gateway_id' }, { key: 'type', dataIndex: 'type' }];
const ledger: ListDescriptor = {
  path: P,
  title: '设备流转',
  labels: { gateway_id: '设备ID', type: '类型' },
  sortable: ['id'],
  defaultSort: '-id',
  exportable: true,
  filters: { type: { label: '类型', schema: z.string(), input: { type: 'dict', category: 'flowtype' } } },
};

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  localStorage.setItem(STORAGE.dictionary, JSON.stringify({ flowtype: [{ value: 'transfer', title: '调拨', code: 'transfer' }] }));
  fetchMock = mockApi({ [`GET ${P}`]: () => ({ ...ok([{ id: 1, gateway_id: 'GW-001', type: 'transfer' }]), count: 1 }) }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceTable from a descriptor', () => {
  it('takes the column titles, the filters, the sort and the buttons from it: a read-only ledger offers only 导出', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Flow> descriptor={ledger} columns={flows} />, P);
    await screen.findByText('GW-001');
    expect(headers()).toEqual(['设备ID', '类型']);
    expect(lastGet(fetchMock, P)?.get('sort')).toBe('-id');
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
    for (const label of ['新增', '导入', '编辑', '删除']) expect(screen.queryByText(twoChars(label))).toBeNull();
    // no date field declared: no date range
    expect(screen.queryByPlaceholderText('开始日期')).toBeNull();
    // the dictionary filter offers the category's items
    await user.click(screen.getByLabelText('类型'));
    await user.click(await screen.findByText('调拨'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('type')).toBe('transfer'));
  });

  it('lets a page arrange the pieces itself', async () => {
    renderInShell(
      <ResourceList<Flow> descriptor={ledger} columns={flows}>
        <ListGrid<Flow> />
      </ResourceList>,
      P,
    );
    expect(await screen.findByText('GW-001')).toBeInTheDocument();
    expect(screen.queryByText(twoChars('搜索'))).toBeNull();
  });
});
