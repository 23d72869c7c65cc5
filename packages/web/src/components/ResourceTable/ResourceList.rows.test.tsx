import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import { ResourceTable, rowActionsFrom } from '.';
import type { ListDescriptor, RowAction, RowFormProps } from './listTypes';
import { renderInShell } from './testing';

const P = '/device/device';
interface Box {
  id: number;
  name: string;
  machines: number;
}
const boxes: Box[] = [
  { id: 1, name: '一号网关', machines: 0 },
  { id: 2, name: '二号网关', machines: 3 },
  { id: 3, name: '三号网关', machines: 0 },
];
const columns: ColumnsType<Box> = [{ key: 'name', dataIndex: 'name', title: '设备名称' }];
const descriptor = {
  path: P,
  title: '网关设备',
  labels: {},
  sortable: [],
  create: undefined,
  deletable: true,
  actions: {
    secret: { title: '重置密钥', permission: 'secret', target: 'row', confirm: '重置后旧密钥立即失效,确定重置?' },
    retire: { title: '停用', permission: 'edit', target: 'row', body: z.object({ reason: z.string() }) },
  },
} satisfies ListDescriptor;

function ReasonForm({ row }: RowFormProps<Box>) {
  return (
    <Form.Item name="reason" label={`停用原因 (${row.name})`} rules={[{ required: true, message: '请输入停用原因' }]}>
      <Input />
    </Form.Item>
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const rowCheckbox = (name: string) => within(rowOf(name)).getByRole('checkbox');

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }),
    [`POST ${P}/1/secret`]: () => ({ ...ok({ secret: 's3cr3t' }), message: '密钥已重置' }),
    [`POST ${P}/3/retire`]: () => ({ ...ok(null), message: '已停用' }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceList row actions', () => {
  const ping = vi.fn();
  const actions: RowAction<Box>[] = [
    { key: 'secret', label: '重置密钥', permission: 'secret', onClick: vi.fn() },
    { key: 'ping', label: '检测', visible: (box) => box.id !== 2, onClick: ping },
  ];

  it('shows an action only with its permission bit, and only on the rows it is visible for', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 }] }) });
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} rowActions={actions} />, P);
    await screen.findByText('一号网关');
    expect(screen.queryByText('重置密钥')).toBeNull();
    expect(within(rowOf('一号网关')).getByText(twoChars('检测'))).toBeInTheDocument();
    expect(within(rowOf('二号网关')).queryByText(twoChars('检测'))).toBeNull();
    await user.click(within(rowOf('三号网关')).getByText(twoChars('检测')));
    expect(ping).toHaveBeenCalledWith(boxes[2], expect.objectContaining({ resource: P }));
  });

  it('runs a declared row action after its confirmation and hands on what the server answered', async () => {
    const shown = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> descriptor={descriptor} columns={columns} rowActions={rowActionsFrom<Box>(descriptor, { secret: shown })} />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('一号网关')).getByText('重置密钥'));
    await user.click(within((await screen.findByText('重置后旧密钥立即失效,确定重置?')).closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/1/secret`, undefined]]));
    await waitFor(() => expect(shown).toHaveBeenCalledWith({ secret: 's3cr3t' }, boxes[0]));
    expect(await screen.findByText('密钥已重置')).toBeInTheDocument();
  });

  it('leaves out a declared action that needs input until it has a form, then asks it and sends the values', async () => {
    expect(rowActionsFrom<Box>(descriptor).map((action) => action.key)).toEqual(['secret']);
    const refined = rowActionsFrom<Box>(descriptor, undefined, { retire: { form: ReasonForm, visible: (box) => box.id !== 2 } });
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> descriptor={descriptor} columns={columns} rowActions={refined} />, P);
    await screen.findByText('一号网关');
    expect(within(rowOf('二号网关')).queryByText(twoChars('停用'))).toBeNull();
    await user.click(within(rowOf('三号网关')).getByText(twoChars('停用')));
    const dialog = (await screen.findByText('停用原因 (三号网关)')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByText(twoChars('确定')));
    expect(await within(dialog).findByText('请输入停用原因')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox'), '已报废');
    await user.click(within(dialog).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/3/retire`, { reason: '已报废' }]]));
    expect(await screen.findByText('已停用')).toBeInTheDocument();
  });
});

describe('ResourceList canDelete', () => {
  const canDelete = (box: Box) => (box.id === 3 ? false : box.machines ? `设备下还有 ${box.machines} 台机床` : true);

  it('leaves 删除 out, or disables it with the reason, for rows that cannot go', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} canDelete={canDelete} />, P);
    await screen.findByText('一号网关');
    expect(within(rowOf('一号网关')).getByText(twoChars('删除')).closest('button')).toBeEnabled();
    expect(within(rowOf('三号网关')).queryByText(twoChars('删除'))).toBeNull();
    const refused = within(rowOf('二号网关')).getByText(twoChars('删除')).closest('button')!;
    expect(refused).toBeDisabled();
    await user.hover(refused.closest('span')!);
    expect(await screen.findByText('设备下还有 3 台机床')).toBeInTheDocument();
  });

  it('refuses 批量删除 while a selected row cannot go, naming why', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} canDelete={canDelete} />, P);
    await screen.findByText('一号网关');
    await user.click(rowCheckbox('一号网关'));
    const bulk = () => screen.getByText('批量删除').closest('button')!;
    expect(bulk()).toBeEnabled();
    await user.click(rowCheckbox('二号网关'));
    expect(bulk()).toBeDisabled();
    await user.hover(bulk().closest('span')!);
    expect(await screen.findByText('设备下还有 3 台机床')).toBeInTheDocument();
  });
});
