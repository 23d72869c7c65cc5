import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { ResourceTable } from '.';
import { lastGet, renderInShell, urlQuery } from './testing';

const P = '/device/device';
const columns: ColumnsType<{ id: number; name: string }> = [{ key: 'name', dataIndex: 'name', title: '设备名称' }];
const tree = [{ id: 1, label: '集团', children: [{ id: 2, label: '一厂', children: [{ id: 3, label: '一车间' }] }, { id: 4, label: '二厂' }] }];

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  fetchMock = mockApi({
    [`GET ${P}`]: () => ({ ...ok([{ id: 1, name: '一号网关' }]), count: 1 }),
    'GET /manager/custom/tree': () => ok(tree),
  }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('tree mode', () => {
  it('narrows the list to the chosen company through its filter, and 全部公司 lifts it', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable resource={P} columns={columns} tree={{ field: 'customer_id' }} />, `${P}?page=2`);
    await screen.findByText('一号网关');
    await user.click(await screen.findByText('一厂'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('customer_id')).toBe('2'));
    expect(lastGet(fetchMock, P)?.get('page')).toBe('1');
    expect(urlQuery().get('customer_id')).toBe('2');
    expect(screen.getByText('一厂').closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-selected');
    await user.click(screen.getByText('全部公司'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.has('customer_id')).toBe(false));
    expect(urlQuery().has('customer_id')).toBe(false);
  });

  it('opens a link with a company chosen', async () => {
    renderInShell(<ResourceTable resource={P} columns={columns} tree={{ field: 'customer_id' }} />, `${P}?customer_id=4`);
    await waitFor(() => expect(screen.getByText('二厂').closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-selected'));
    expect(lastGet(fetchMock, P)?.get('customer_id')).toBe('4');
  });
});
