import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { dialog, twoChars, writes } from '../../test/ui';
import { ResourceTable } from '.';
import type { BulkAction } from './listTypes';
import { renderInShell } from './testing';

const P = '/device/device';
interface Box {
  id: number;
  name: string;
}
const boxes: Box[] = [
  { id: 1, name: '一号网关' },
  { id: 2, name: '二号网关' },
  { id: 3, name: '三号网关' },
];
const columns: ColumnsType<Box> = [{ key: 'name', dataIndex: 'name', title: '设备名称' }];

function AssignForm() {
  return (
    <Form.Item name="customer_id" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
      <Input />
    </Form.Item>
  );
}
const bulkActions: BulkAction[] = [
  { key: 'assign', label: '分配客户', permission: 'assign', form: AssignForm },
  { key: 'reboot', label: '重启', confirm: (count) => `确定重启选中的 ${count} 台设备?` },
];

const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');
// the dialog (rendered ahead, closed) carries the same title
const assignButton = () => screen.queryAllByText('分配客户').map((el) => el.closest('button')).find(Boolean) ?? undefined;
const listLoads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === P).length;

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }),
    [`POST ${P}/assign`]: () => ({ ...ok({ updated: 2 }), message: '已分配 2 台设备' }),
    [`POST ${P}/reboot`]: () => ok(null),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceList bulk actions', () => {
  it('asks for the body, sends POST {resource}/{name} with the selected ids, says so, clears the selection and refreshes', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} bulkActions={bulkActions} />, P);
    await screen.findByText('一号网关');
    // bulk actions wait in the selection bar, which shows only while rows are selected
    expect(assignButton()).toBeUndefined();
    expect(screen.queryByText(/^已选/)).toBeNull();
    await user.click(rowCheckbox('一号网关'));
    await user.click(rowCheckbox('三号网关'));
    expect(screen.getByText('已选 2 项')).toBeInTheDocument();
    await user.click(assignButton()!);
    await user.type(within(dialog()).getByLabelText('客户'), '7');
    const loads = listLoads(calls);
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/assign`, { customer_id: '7', ids: [1, 3] }]]));
    expect(await screen.findByText('已分配 2 台设备')).toBeInTheDocument();
    await waitFor(() => expect(listLoads(calls)).toBeGreaterThan(loads));
    await waitFor(() => expect(rowCheckbox('一号网关')).not.toBeChecked());
    expect(screen.queryByText(/^已选/)).toBeNull();
    expect(assignButton()).toBeUndefined();
  });

  it('confirms with the count first when the action asks, and hides an action without its permission bit', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 }] }) });
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} bulkActions={bulkActions} />, P);
    await screen.findByText('一号网关');
    expect(screen.queryByText('分配客户')).toBeNull();
    await user.click(rowCheckbox('二号网关'));
    await user.click(screen.getByText(twoChars('重启')));
    const question = await screen.findByText('确定重启选中的 1 台设备?');
    expect(writes(calls)).toEqual([]);
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/reboot`, { ids: [2] }]]));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });

  it('取消选择 clears the selection and the bar with it', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} bulkActions={bulkActions} />, P);
    await screen.findByText('一号网关');
    await user.click(rowCheckbox('二号网关'));
    expect(screen.getByText('已选 1 项')).toBeInTheDocument();
    expect(screen.queryByLabelText('刷新')).toBeNull();
    await user.click(screen.getByText('取消选择'));
    expect(rowCheckbox('二号网关')).not.toBeChecked();
    expect(screen.queryByText(/^已选/)).toBeNull();
    expect(screen.getByLabelText('刷新')).toBeInTheDocument();
  });
});
