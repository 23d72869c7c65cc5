import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { storeDictionary } from '../../utils/dictionary.fixture';
import { type ApiCall, json, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import CustomerPage from './CustomerPage';

const P = '/manager/custom';
const company = (id: number, company_name: string, parent_id: number | null, more: Partial<Customer> = {}): Customer => ({
  id, parent_id, company_name, name: '', uscc: '', bank: '', bankno: '', area_id: 0, address: '', contact: '', phone: '', remark: '',
  is_vendor: false, remote_approval: false, device_count: 0, user_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...more,
});
const group = company(1, '华东集团', null, { area_id: 440106, address: '天河路 1 号|113.3|23.1', contact: '王五', phone: '02088888888' });
const plant = company(2, '一厂', 1, { device_count: 3, user_count: 2, remote_approval: true });
const tree = [{ id: 1, label: '华东集团', children: [{ id: 2, label: '一厂', children: [{ id: 3, label: '一车间' }] }, { id: 4, label: '二厂' }] }, { id: 5, label: '另一家' }];

/** The form's drawer while it is open (it stays in the page, closed, between openings). */
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open')!;
/** The list's row showing `text` (the tree beside the list shows company names too). */
const row = async (text: string) => (await within(await screen.findByRole('table')).findByText(text)).closest('tr')!;

let calls: ApiCall[];
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  storeDictionary();
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  ({ calls, fetchMock } = mockApi({
    [`GET ${P}`]: () => ({ ...ok([group, plant]), count: 2 }),
    [`GET ${P}/tree`]: () => ok(tree),
    [`GET ${P}/1`]: () => ok(group),
    [`GET ${P}/2`]: () => ok(plant),
    [`PUT ${P}/1`]: (body) => ok({ ...group, ...(body as object) }),
    [`POST ${P}`]: (body) => ok({ ...group, id: 9, ...(body as object) }),
    [`PUT ${P}/2`]: (body) => ok({ ...plant, ...(body as object) }),
    [`DELETE ${P}/1`]: () => json({ code: 400, message: '该公司下还有 2 个用户、1 个下级公司,不能删除', data: null }),
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('客户管理', () => {
  it('lists companies with their region, address and the counts of their boxes and users', async () => {
    renderInShell(<CustomerPage />, P);
    const first = await row('华东集团');
    expect(within(first).getByText('广东省 / 广州市 / 天河区')).toBeInTheDocument();
    expect(within(first).getByText('天河路 1 号')).toBeInTheDocument();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['公司名称', '简称', '联系人', '联系电话', '所在地区', '地址', '设备数', '用户数', '创建时间']));
    const second = await row('一厂');
    expect(within(second).getByText('3')).toBeInTheDocument();
    expect(within(second).getByText('2')).toBeInTheDocument();
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
    expect(screen.getByText(twoChars('导入'))).toBeInTheDocument();
  });

  it('lists the subtree of the company chosen in the tree', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<CustomerPage />, P);
    await row('华东集团');
    await user.click(await screen.findByText('二厂'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('subtree')).toBe('4'));
    // the tree is the one control of that filter: the search bar does not offer it again
    expect(screen.queryByLabelText('公司')).toBeNull();
  });

  it('offers as parent every company but the edited one and those below it', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<CustomerPage />, P);
    await user.click(within(await row('一厂')).getByText(twoChars('编辑')));
    await waitFor(() => expect(drawer()).not.toBeNull());
    const parent = await within(drawer()).findByLabelText('上级公司');
    await user.click(parent);
    const options = async () => [...document.querySelectorAll('.ant-select-tree-title')].map((el) => el.textContent);
    await waitFor(async () => expect(await options()).toEqual(['华东集团', '二厂', '另一家']));
    await user.click(document.querySelector<HTMLElement>('.ant-select-tree [title="另一家"]')!);
    await user.click(within(drawer()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['PUT', `${P}/2`, expect.objectContaining({ parent_id: 5, company_name: '一厂', area_id: 0 })]);
  });

  it('requires the company name and sends a new company with its region as a number', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<CustomerPage />, P);
    await row('华东集团');
    await user.click(screen.getByText(twoChars('新增')));
    await waitFor(() => expect(drawer()).not.toBeNull());
    await user.click(within(drawer()).getByText(twoChars('确定')));
    expect(await within(drawer()).findByText('公司名称不能为空')).toBeInTheDocument();
    await user.click(within(drawer()).getByLabelText('公司名称'));
    await user.paste('三厂');
    await user.click(within(drawer()).getByLabelText('统一社会信用代码'));
    await user.paste('123');
    expect(await within(drawer()).findByText('统一社会信用代码格式不正确')).toBeInTheDocument();
    await user.clear(within(drawer()).getByLabelText('统一社会信用代码'));
    await user.click(within(drawer()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['POST', P, expect.objectContaining({ company_name: '三厂', area_id: 0 })]);
  });

  it('says which companies require approval of remote access and turns it on with the switch 远程访问需审批', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<CustomerPage />, P);
    expect(within(await row('一厂')).getByText('需审批')).toBeInTheDocument();
    expect(within(await row('华东集团')).getByText('无需审批')).toBeInTheDocument();
    await user.click(within(await row('华东集团')).getByText(twoChars('编辑')));
    await waitFor(() => expect(drawer()).not.toBeNull());
    const toggle = await within(drawer()).findByRole('switch', { name: '远程访问需审批' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(within(drawer()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['PUT', `${P}/1`, expect.objectContaining({ remote_approval: true })]);
  });

  it('shows the server’s reason when a company with users or companies below it cannot be deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<CustomerPage />, P);
    await user.click(within(await row('华东集团')).getByText(twoChars('删除')));
    const question = await screen.findByText(/^此操作将永久删除/);
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    expect(await screen.findByText('该公司下还有 2 个用户、1 个下级公司,不能删除')).toBeInTheDocument();
    expect(await row('华东集团')).toBeInTheDocument();
  });
});
