import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import DevicePage from './DevicePage';
import { P, around, box } from '../../test/boxes';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
/** The dialog titled `title`. */
/** Clicks an option of the select opened last (antd draws its dropdowns at the end of the page). */
const pick = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content, .ant-select-tree-title' });
  await user.click(options.at(-1)!);
};

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    ...around,
    [`POST ${P}`]: (body) => ok({ ...box({ id: 9, ...(body as object) }), secret: 'S3cr3t-once-only' }),
    [`POST ${P}/assign`]: () => ({ ...ok(null), message: '已将 2 台设备分配给客户' }),
    [`POST ${P}/tag`]: () => ({ ...ok(null), message: '已为 1 台设备移除标签' }),
    [`POST ${P}/return`]: () => ({ ...ok(null), message: '已退货 2 台设备' }),
    [`POST ${P}/scrap`]: () => ({ ...ok(null), message: '已报废 1 台设备' }),
    [`POST ${P}/1/secret`]: () => ({ ...ok({ secret: 'N3w-secret' }), message: '密钥已重置,请立即复制:它只显示这一次' }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

// a whole page with its dialogs: slow on a loaded 2-core machine
describe('网关设备', { timeout: 60_000 }, () => {
  it('leads with state: 设备ID, name and company, then 是否在线, 授权许可, 隧道 and 库存状态; the technical columns wait in 列设置', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    expect(headers()).toEqual(['设备ID', '设备名称', '公司名称', '是否在线', '授权许可', '隧道', '库存状态', '设备类型', '标签', '固件版本', '操作']);
    expect(headers()).not.toContain('设备指纹');
    const first = rowOf('一号网关');
    expect(within(first).queryByText('10.8.0.2')).toBeNull();
    await user.click(screen.getByLabelText('列设置'));
    const settings = within(await waitFor(() => document.querySelector<HTMLElement>('.ant-popover')!));
    for (const hidden of ['序号', '设备指纹', 'IP地址', '更新时间', '最后在线']) expect(settings.getByLabelText(hidden)).not.toBeChecked();
    await user.click(settings.getByLabelText('IP地址'));
    expect(await within(rowOf('一号网关')).findByText('10.8.0.2')).toBeInTheDocument();
    expect(within(first).getByText('未授权')).toBeInTheDocument();
    expect(within(first).getByText('在线')).toBeInTheDocument();
    expect(within(first).getByText('重点')).toHaveClass('ant-tag-red');
    expect(within(rowOf('二号网关')).getByText('离线')).toBeInTheDocument();
    expect(within(rowOf('二号网关')).getByText('已授权')).toHaveClass('ant-tag-green');
  });

  it('gives the vendor’s staff, not only the super user, the vendor’s controls: the server says the session sees all', async () => {
    const bits = 1 | 2 | 4 | 8 | 16 | 32 | 64 | 128;
    useUserStore.setState({ info: userInfo({ customer_id: 1, scope: 'all', role_menu: [{ menu: P, action: bits }] }) });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    expect(screen.getByText(twoChars('新增'))).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(rowOf('一号网关')).getByRole('checkbox'));
    expect(screen.getByText('分配客户', { selector: 'button *' })).toBeInTheDocument();
  });

  it('shows three actions per row, 详情 first, and the rest under 更多, where a box with machine tools has 删除 disabled saying how many', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('二号网关');
    const buttons = [...rowOf('二号网关').querySelectorAll('td:last-child button')].map((button) => button.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(['详情', '编辑', '机床', '更多']);
    await user.click(within(rowOf('二号网关')).getByText('更多').closest('button')!);
    const remove = (await screen.findAllByRole('menuitem')).find((item) => item.textContent?.startsWith('删除'))!;
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveTextContent('设备下还有 2 台机床,请先删除机床');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('重置密钥');
  });

  it('shows the new box’s secret once after the create, to copy, with the warning', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(within(await modal('新增网关设备')).getByLabelText('设备ID'));
    await user.paste('GW-009');
    await user.click(within(await modal('新增网关设备')).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', P, { gateway_id: 'GW-009', area_id: 0 }]]));
    const shown = await screen.findByText('S3cr3t-once-only');
    const secretDialog = shown.closest<HTMLElement>('.ant-modal')!;
    expect(within(secretDialog).getByText(/密钥只显示这一次/)).toBeInTheDocument();
    expect(within(secretDialog).getByText('GW-009')).toBeInTheDocument();
    expect(within(secretDialog).getByRole('button', { name: /复制|copy/i })).toBeInTheDocument();
    await user.click(within(secretDialog).getByText('我已保存'));
    // closing (jsdom never ends the closing animation, so the dialog stays in the page)
    await waitFor(() => expect(secretDialog).toHaveClass('ant-zoom-leave'));
  });

  it('resets a secret after the descriptor’s confirmation and shows the new one the same way', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await clickRowAction(user, rowOf('一号网关'), '重置密钥');
    const question = await screen.findByText(/重置后旧密钥立即失效/);
    expect(writes(calls)).toEqual([]);
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/1/secret`, undefined]]));
    const shown = await screen.findByText('N3w-secret');
    expect(within(shown.closest<HTMLElement>('.ant-modal')!).getByText('GW-001')).toBeInTheDocument();
  });

  it('assigns the selected boxes to a company picked from the tree', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('一号网关')).getByRole('checkbox'));
    await user.click(within(rowOf('二号网关')).getByRole('checkbox'));
    await user.click(screen.getByText('分配客户', { selector: 'button *' }));
    await user.click(within(await modal('分配客户')).getByRole('combobox'));
    await pick(user, '华东一厂');
    await user.click(within(await modal('分配客户')).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/assign`, { customer_id: 8, ids: [1, 2] }]]));
    expect(await screen.findByText('已将 2 台设备分配给客户')).toBeInTheDocument();
  });

  it('removes the chosen tags from the selection: the declared tag action with mode remove', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('一号网关')).getByRole('checkbox'));
    await user.click(screen.getByText('移除标签', { selector: 'button *' }));
    await user.click(within(await modal('移除标签')).getByRole('combobox'));
    await pick(user, '重点');
    await user.click(within(await modal('移除标签')).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/tag`, { tag_ids: [5], mode: 'remove', ids: [1] }]]));
  });

  it('moves the selected boxes back to stock (退货) with the remark for their ledger rows', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('一号网关')).getByRole('checkbox'));
    await user.click(within(rowOf('二号网关')).getByRole('checkbox'));
    // antd spaces a two-character label (维 修)
    for (const move of [twoChars('维修'), '维修完成', twoChars('报废')]) expect(screen.getByText(move, { selector: 'button *' })).toBeInTheDocument();
    await user.click(screen.getByText(twoChars('退货'), { selector: 'button *' }));
    await user.click(within(await modal('退货')).getByLabelText('备注'));
    await user.paste('客户退回,外壳破损');
    await user.click(within(await modal('退货')).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/return`, { remark: '客户退回,外壳破损', ids: [1, 2] }]]));
    expect(await screen.findByText('已退货 2 台设备')).toBeInTheDocument();
  });

  it('scraps a box with an empty remark when none is given', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('二号网关')).getByRole('checkbox'));
    await user.click(screen.getByText(twoChars('报废'), { selector: 'button *' }));
    await user.click(within(await modal('报废')).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/scrap`, { remark: '', ids: [2] }]]));
  });

  it('opens 设备详情 with 基本信息 of the box', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('一号网关')).getByText(twoChars('详情')));
    const drawer = (await screen.findByText('设备详情: GW-001')).closest<HTMLElement>('.ant-drawer')!;
    expect(within(drawer).getByText('基本信息')).toBeInTheDocument();
    expect(within(drawer).getByText('fp-aa01')).toBeInTheDocument();
    expect(within(drawer).getByText('已出货')).toBeInTheDocument();
  });
});
