import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { ResourceTable } from '.';
import { listBody, renderInShell } from './testing';
import type { ResourceFormProps } from './types';
import { twoChars, writes } from '../../test/ui';

const P = '/system/config';
interface Row {
  id: number;
  key: string;
  value: string;
}
const columns: ColumnsType<Row> = [
  { key: 'key', dataIndex: 'key', title: '键' },
  { key: 'value', dataIndex: 'value', title: '值' },
];
function ConfigForm({ mode }: ResourceFormProps<Row>) {
  return (
    <>
      <Form.Item name="key" label="键" rules={[{ required: true, message: '请输入键' }]}>
        <Input disabled={mode === 'edit'} />
      </Form.Item>
      <Form.Item name="value" label="值">
        <Input />
      </Form.Item>
    </>
  );
}

/** The open overlay (popconfirm, modal, drawer) that holds `text`. */
const overlayOf = (text: string | RegExp) => screen.getByText(text).closest<HTMLElement>('.ant-popover, .ant-modal, .ant-drawer')!;
const rowCheckboxes = () => [...document.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')];

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => listBody(3),
    [`GET ${P}/1`]: () => ok({ id: 1, key: 'key_1', value: '服务器上的值' }),
    [`POST ${P}`]: (body) => ok({ id: 9, ...(body as object) }),
    [`PUT ${P}/1`]: (body) => ok({ id: 1, ...(body as object) }),
    [`DELETE ${P}/1`]: () => ok(null),
    [`DELETE ${P}`]: (body) => ok({ deleted: (body as { ids: number[] }).ids.length }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceTable actions', () => {
  it('deletes a row only after a confirmation that starts with 此操作将永久删除', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} form={ConfigForm} />);
    await screen.findByText('key_1');
    await user.click(screen.getAllByText(twoChars('删除'))[0]);
    const confirm = await screen.findByText(/^此操作将永久删除/);
    expect(confirm.textContent).toBe('此操作将永久删除该记录, 是否继续?');
    expect(writes(calls)).toEqual([]);
    await user.click(within(overlayOf(/^此操作将永久删除/)).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['DELETE', `${P}/1`, undefined]]));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('bulk-deletes the selected rows with {ids}', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} />);
    await screen.findByText('key_1');
    // 批量删除 waits in the selection bar until rows are selected
    expect(screen.queryByText('批量删除')).toBeNull();
    await user.click(rowCheckboxes()[0]);
    await user.click(rowCheckboxes()[2]);
    expect(screen.getByText('已选 2 项')).toBeInTheDocument();
    await user.click(screen.getByText('批量删除').closest('button')!);
    await user.click(within(overlayOf('此操作将永久删除选中的 2 条记录, 是否继续?')).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['DELETE', P, { ids: [1, 3] }]]));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('adds through the form, which validates first', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} form={ConfigForm} />);
    await screen.findByText('key_1');
    await user.click(screen.getByText(twoChars('新增')));
    const dialog = overlayOf('新增配置');
    await user.click(within(dialog).getByText(twoChars('确定')));
    expect(await within(dialog).findByText('请输入键')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('键'), 'site_title');
    await user.type(within(dialog).getByLabelText('值'), '智能网关');
    await user.click(within(dialog).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', P, { key: 'site_title', value: '智能网关' }]]));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('edits in a drawer, pre-filled from GET P/{id}', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} form={ConfigForm} formMode="drawer" />);
    await screen.findByText('key_1');
    await user.click(screen.getAllByText(twoChars('编辑'))[0]);
    const drawer = await waitFor(() => overlayOf('编辑配置'));
    expect(within(drawer).getByLabelText('值')).toHaveValue('服务器上的值');
    expect(within(drawer).getByLabelText('键')).toBeDisabled();
    await user.clear(within(drawer).getByLabelText('值'));
    await user.type(within(drawer).getByLabelText('值'), '新值');
    await user.click(within(drawer).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `${P}/1`, { key: 'key_1', value: '新值' }]]));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
  });

  it('edits the listed row in a modal when the page says so, through its value mappings', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(
      <ResourceTable<Row>
        resource={P}
        title="配置"
        columns={columns}
        form={ConfigForm}
        fetchRecord={false}
        toFormValues={(row) => ({ ...row, value: row.value.toUpperCase() })}
        toBody={(values) => ({ ...values, trimmed: true })}
      />,
    );
    await screen.findByText('key_1');
    await user.click(screen.getAllByText(twoChars('编辑'))[0]);
    const dialog = overlayOf('编辑配置');
    expect(within(dialog).getByLabelText('值')).toHaveValue('值1'.toUpperCase());
    await user.type(within(dialog).getByLabelText('值'), '!');
    await user.click(within(dialog).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `${P}/1`, { key: 'key_1', value: '值1!', trimmed: true }]]));
    expect(calls.some((c) => c.path === `${P}/1` && c.method === 'GET')).toBe(false);
  });

  it('shows only what the role may do: with the query bit alone, no 新增, 编辑, 删除, 批量删除, 导出 or 导入', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 }] }) });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} form={ConfigForm} />);
    await screen.findByText('key_1');
    for (const label of ['新增', '编辑', '删除', '导出', '导入']) expect(screen.queryByText(twoChars(label))).toBeNull();
    expect(screen.queryByText('批量删除')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
    expect(rowCheckboxes()).toHaveLength(0);
  });

  it('shows each button with its bit, and a page can switch one off', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 | 2 | 16 }] }) });
    renderInShell(<ResourceTable<Row> resource={P} title="配置" columns={columns} form={ConfigForm} actions={{ import: false }} />);
    await screen.findByText('key_1');
    expect(screen.getByText(twoChars('新增'))).toBeInTheDocument();
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
    expect(screen.queryByText(twoChars('导入'))).toBeNull();
    expect(screen.queryByText(twoChars('删除'))).toBeNull();
    expect(screen.queryByText(twoChars('编辑'))).toBeNull();
  });
});
