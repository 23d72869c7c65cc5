import type { DebugCommand, DebugSessionDetail } from '@gw/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { around } from '../../test/boxes';
import { fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import { setLiveChannel } from '../../utils/live';
import { openDetail } from './detailTesting';

const P = '/device/debug_session';

function session(overrides: Partial<DebugSessionDetail> = {}): DebugSessionDetail {
  return {
    id: 1, device_id: 1, gateway_id: 'GW-001', device_name: '一号网关', customer_id: 7, operator: 'zhang', ip: '10.0.0.9',
    started_at: '2026-11-23T10:00:00Z', ended_at: null, commands: 0, command_list: [],
    ...overrides,
  };
}

const command = (id: number, overrides: Partial<DebugCommand>): DebugCommand => ({
  id, method: 'GET', url: '/api/info', data: null, ret: 0, reply: {}, sent_at: '2026-11-23T10:01:00Z', answered_at: '2026-11-23T10:01:01Z',
  ...overrides,
});

let calls: ApiCall[];
let open: DebugSessionDetail;
/** What the box answers the next send: its reply, or null for 设备无响应. */
let answer: { ret: number; msg: unknown } | null;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  open = session();
  answer = { ret: 0, msg: { version: 'v2.0.1', uptime: 3600 } };
  const ended = session({ id: 2, ended_at: '2026-11-22T09:00:00Z', commands: 1, command_list: [command(7, { url: '/api/license', reply: { state: 'ok' } })] });
  calls = mockApi({
    ...around,
    [`GET ${P}`]: () => ({ ...ok([open, ended]), count: 2 }),
    [`GET ${P}/1`]: () => ok(open),
    [`GET ${P}/2`]: () => ok(ended),
    [`POST ${P}/1/close`]: () => {
      open = { ...open, ended_at: '2026-11-23T10:30:00Z' };
      return ok(open);
    },
    [`POST ${P}`]: (body) => ok(session({ id: 3, device_id: (body as { device_id: number }).device_id })),
    [`GET ${P}/3`]: () => ok(session({ id: 3 })),
    [`POST ${P}/1/send`]: (body) => {
      const sent = body as { method: string; url: string; data?: unknown };
      const reply = answer ?? { ret: -1, msg: '设备无响应' };
      const row = command(open.command_list.length + 1, { ...sent, data: sent.data ?? null, ret: reply.ret, reply: reply.msg });
      open = { ...open, commands: open.commands + 1, command_list: [...open.command_list, row] };
      return answer ? ok(row) : { code: 300, message: '设备无响应', data: null };
    },
  }).calls;
});
afterEach(() => {
  setLiveChannel(undefined);
  vi.unstubAllGlobals();
});

/** The session panel: the drawer over the box's drawer. */
const panel = () => {
  const drawer = [...document.querySelectorAll<HTMLElement>('.ant-drawer-section')].find((section) => section.textContent?.includes('调试会话'));
  if (!drawer) throw new Error('no session panel open');
  return drawer;
};

/** Opens GW-001's drawer on its 远程调试 tab: the tab's pane, once its sessions are listed. */
async function debugTab(user: ReturnType<typeof userEvent.setup>) {
  const drawer = await openDetail(user);
  await user.click(drawer.getByRole('tab', { name: '远程调试' }));
  const pane = (await drawer.findByText('新建会话', { selector: 'button *' })).closest<HTMLElement>('[role="tabpanel"]')!;
  await within(pane).findByText('进行中');
  return pane;
}
/** The tab's row of the open session. */
const openRow = (pane: HTMLElement) => within(pane).getByText('进行中').closest('tr')!;

describe('远程调试 (the box drawer’s tab)', { timeout: 60_000 }, () => {
  it('sends a command to the box and shows its reply, pretty-printed, at the bottom of the log', async () => {
    const user = userEvent.setup({ delay: null });
    const pane = await debugTab(user);
    await user.click(within(openRow(pane)).getByText('查看'));
    const drawer = await waitFor(panel);
    await within(drawer).findByText('还没有发送指令');
    const url = within(drawer).getByLabelText('请求地址');
    await user.clear(url);
    await user.type(url, '/api/config');
    await user.click(within(drawer).getByRole('combobox', { name: '请求方式' }));
    await user.click((await screen.findAllByText('POST', { selector: '.ant-select-item-option-content' })).at(-1)!);
    const body = within(drawer).getByLabelText('请求体 (JSON)');
    await user.type(body, '{{"interval": 5');
    await user.click(within(drawer).getByText(twoChars('发送')).closest('button')!);
    expect(await within(drawer).findByText(/请求体不是有效的 JSON/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(body, '}');
    await user.click(within(drawer).getByText(twoChars('发送')).closest('button')!);
    const entry = await within(drawer).findByTestId('debug-command');
    expect(writes(calls)).toEqual([['POST', `${P}/1/send`, { method: 'POST', url: '/api/config', data: { interval: 5 } }]]);
    expect(within(entry).getByText('ret 0')).toHaveClass('ant-tag-success');
    expect(entry.textContent).toContain('"version": "v2.0.1"');
  });

  it('shows 设备无响应 when the box does not answer', async () => {
    answer = null;
    const user = userEvent.setup({ delay: null });
    const pane = await debugTab(user);
    await user.click(within(openRow(pane)).getByText('查看'));
    const drawer = await waitFor(panel);
    await within(drawer).findByText('还没有发送指令');
    await user.click(within(drawer).getByText(twoChars('发送')).closest('button')!);
    const entry = await within(drawer).findByTestId('debug-command');
    expect(within(entry).getByText('设备无响应')).toBeInTheDocument();
    expect(within(entry).getByText('ret -1')).toHaveClass('ant-tag-error');
  });

  it('is there only for a user holding 网关设备’s 远程调试 bit', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: '/device/device', action: 1 | 4 }] }) });
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    await drawer.findByRole('tab', { name: '基本信息' });
    expect(drawer.queryByRole('tab', { name: '远程调试' })).toBeNull();
  });

  it('opens an ended session as its history, read-only', async () => {
    const user = userEvent.setup({ delay: null });
    const pane = await debugTab(user);
    const ended = [...pane.querySelectorAll<HTMLElement>('tbody tr')].find((tr) => tr.textContent?.includes('查看') && !tr.textContent.includes('进行中'))!;
    await user.click(within(ended).getByText('查看'));
    const drawer = await waitFor(panel);
    expect(await within(drawer).findByText('会话已结束,仅可查看记录')).toBeInTheDocument();
    expect(within(drawer).getByText('/api/license')).toBeInTheDocument();
    expect(drawer.textContent).toContain('"state": "ok"');
    expect(within(drawer).queryByText(twoChars('发送'))).not.toBeInTheDocument();
  });

  it('新建会话 opens a session on the drawer’s box and its panel', async () => {
    const user = userEvent.setup({ delay: null });
    const pane = await debugTab(user);
    await user.click(within(pane).getByText('新建会话', { selector: 'button *' }));
    const drawer = await waitFor(panel);
    expect(await within(drawer).findByText('调试会话 · 一号网关')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', P, { device_id: 1 }]]);
  });

  it('结束会话 ends the session: the panel turns read-only', async () => {
    const user = userEvent.setup({ delay: null });
    const pane = await debugTab(user);
    await user.click(within(openRow(pane)).getByText('查看'));
    const drawer = await waitFor(panel);
    await user.click(await within(drawer).findByText('结束会话'));
    await user.click((await screen.findAllByText(twoChars('确定'), { selector: '.ant-popconfirm button *' })).at(-1)!);
    expect(await within(drawer).findByText('会话已结束,仅可查看记录')).toBeInTheDocument();
    expect(within(drawer).queryByText(twoChars('发送'))).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', `${P}/1/close`, undefined]]);
  });

  it('shows a reply live when the same user sends a command to the session from another tab', async () => {
    const sockets = fakeLiveChannel();
    const user = userEvent.setup({ delay: null });
    const pane = await debugTab(user);
    await user.click(within(openRow(pane)).getByText('查看'));
    const drawer = await waitFor(panel);
    await within(drawer).findByText('还没有发送指令');
    act(() => sockets[0].open());
    // the other tab's command, stored by the server with the box's reply
    open = { ...open, commands: 1, command_list: [command(1, { url: '/api/elsewhere', reply: { from: 'other tab' } })] };
    act(() => sockets[0].push({ type: 'debug', user_id: 2, session_id: 1, command_id: 1, ret: 0, msg: { from: 'other tab' } }));
    expect(await within(drawer).findByText(/api\/elsewhere/)).toBeInTheDocument();
  });
});
