import { screen, within } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import { ResourceTable } from '.';
import { renderInShell } from './testing';

const P = '/manager/buy_order';
interface Order {
  id: number;
  order_no: string;
  status: 'draft' | 'confirmed';
}
const orders: Order[] = [
  { id: 1, order_no: 'JH001', status: 'draft' },
  { id: 2, order_no: 'JH002', status: 'confirmed' },
];
const columns: ColumnsType<Order> = [{ key: 'order_no', dataIndex: 'order_no', title: '单号' }];
const OrderForm = () => (
  <Form.Item name="order_no" label="单号">
    <Input />
  </Form.Item>
);

beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  mockApi({ [`GET ${P}`]: () => ({ ...ok(orders), count: orders.length }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceList canEdit', () => {
  it('leaves 编辑 out on the rows it refuses and keeps it on the others', async () => {
    renderInShell(<ResourceTable<Order> resource={P} columns={columns} form={OrderForm} canEdit={(order) => order.status === 'draft'} />, P);
    const draft = (await screen.findByText('JH001')).closest('tr')!;
    expect(within(draft).getByText(twoChars('编辑'))).toBeInTheDocument();
    expect(within(screen.getByText('JH002').closest('tr')!).queryByText(twoChars('编辑'))).toBeNull();
  });
});
