import type { DebugClient, MachineTool, RemoteSession } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { P, around, box } from '../../test/boxes';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import DevicePage from './DevicePage';

const S = '/system/remote_session';
const boxes = [box({ tunnel_state: 'unlicensed' }), box({ id: 2, gateway_id: 'GW-002', name: '二号网关', license_state: 'licensed', tunnel_state: 'applied' })];
const laptop = { id: 4, name: '张工的笔记本', address: '10.9.0.2', user_id: 2 } as DebugClient;
const machine = (id: number, name: string, ip: string) => ({ id, device_id: 2, code: `M0${id}`, name, ip }) as MachineTool;

let calls: ApiCall[];
let clients: DebugClient[];
let status: RemoteSession['status'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  clients = [laptop];
  status = 'active';
  calls = mockApi({
    ...around,
    [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }),
    [`GET ${P}/2`]: () => ok(boxes[1]),
    'GET /system/debug_client': () => ({ ...ok(clients), count: clients.length }),
    'GET /device/machine': () => ({ ...ok([machine(5, '立加一号', '10.100.2.2'), machine(6, '车床二号', '10.100.2.3')]), count: 2 }),
    [`POST ${S}`]: (body) =>
      ok({ id: 9, status, client_name: laptop.name, company_name: '华东精机', expires_at: status === 'active' ? '2026-11-23T04:00:00Z' : null, ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

/** Opens a row's 更多 and gives its 远程访问 entry. */
async function remoteEntry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await rowOf(name)).getByText('更多').closest('button')!);
  return (await screen.findAllByRole('menuitem')).find((item) => item.textContent?.startsWith('远程访问'))!;
}

/** Picks `text` in the antd select labelled `label` inside `scope`. */
async function pick(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, text: string) {
  await user.click(within(scope).getByLabelText(label));
  await user.click((await screen.findAllByText(text, { selector: '.ant-select-item-option-content' })).at(-1)!);
}

describe('网关设备 远程访问', { timeout: 60_000 }, () => {
  it('is disabled on a box without a VPN licence, saying why', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    const entry = await remoteEntry(user, '一号网关');
    expect(entry).toHaveAttribute('aria-disabled', 'true');
    expect(entry.textContent).toContain('该设备未授权 VPN');
  });

  it('opens a session on the whole box for 2 小时 with the caller’s client and says it is open', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await user.click(await remoteEntry(user, '二号网关'));
    const dialog = await modal('远程访问 · 二号网关');
    await pick(user, dialog, '客户端', '张工的笔记本 (10.9.0.2)');
    expect(within(dialog).getByLabelText('整台设备的全部机床')).toBeChecked();
    await user.click(within(dialog).getByText(twoChars('开通')));
    expect(await within(dialog).findByText('已开通')).toBeInTheDocument();
    expect(within(dialog).getByText(/到 2026-11-23 12:00:00 自动断开/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '查看 远程会话' })).toHaveAttribute('href', S);
    expect(writes(calls)).toEqual([['POST', S, { client_id: 4, device_id: 2, minutes: 120 }]]);
  });

  it('opens one on the machine tools chosen, for as long as chosen, and says whose approval it waits for', async () => {
    status = 'pending';
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await user.click(await remoteEntry(user, '二号网关'));
    const dialog = await modal('远程访问 · 二号网关');
    await pick(user, dialog, '客户端', '张工的笔记本 (10.9.0.2)');
    await waitFor(() => expect(within(dialog).getByLabelText('选择机床')).toBeEnabled());
    await user.click(within(dialog).getByLabelText('选择机床'));
    await pick(user, dialog, '机床', '车床二号 (10.100.2.3)');
    await pick(user, dialog, '时长', '4 小时');
    await user.click(within(dialog).getByText(twoChars('开通')));
    expect(await within(dialog).findByText('已提交, 等待 华东精机 审批')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', S, { client_id: 4, device_id: 2, minutes: 240, machine_ids: [6] }]]);
  });

  it('points a user without a client to 调试代理', async () => {
    clients = [];
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await user.click(await remoteEntry(user, '二号网关'));
    const dialog = await modal('远程访问 · 二号网关');
    expect(await within(dialog).findByText(/你还没有调试代理客户端/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '去 调试代理 新增' })).toHaveAttribute('href', '/system/debug_client');
  });

  it('is in the box drawer’s header too', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await user.click(within(await rowOf('二号网关')).getByText(twoChars('详情')));
    const drawer = (await screen.findByText('设备详情: GW-002')).closest<HTMLElement>('.ant-drawer')!;
    await user.click(await within(drawer).findByRole('button', { name: /远程访问/ }));
    expect(await modal('远程访问 · 二号网关')).toBeInTheDocument();
  });

  it('is not offered without 远程会话’s 新增', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 }, { menu: S, action: 1 }] }) });
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    const row = await rowOf('二号网关');
    expect(within(row).queryByText('远程访问')).toBeNull();
    const more = within(row).queryByText('更多');
    if (more) {
      await user.click(more.closest('button')!);
      expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).not.toContain('远程访问');
    }
  });
});
