import type { RemoteSession } from '@gw/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, offersRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import { setLiveChannel } from '../../utils/live';
import RemoteSessionPage from './RemoteSessionPage';

const P = '/system/remote_session';

function session(overrides: Partial<RemoteSession> = {}): RemoteSession {
  return {
    id: 1, status: 'active', client_id: 4, client_name: '张工的笔记本', client_address: '10.9.0.2', user_id: 2, username: 'zhang',
    device_id: 1, gateway_id: 'GW-001', device_name: '一号网关', customer_id: 7, company_name: '华东一厂', machine_ids: [], machines: '全部机床',
    targets: ['10.100.1.0/24', '10.8.0.2:80,443'], minutes: 120, needs_approval: false, requested_at: '2026-11-23T02:00:00Z', approved_at: null,
    approved_by: '', started_at: '2026-11-23T02:00:00Z', expires_at: '2026-11-23T04:00:00Z', ended_at: null, ended_by: '', end_reason: null,
    rx_bytes: 2048, tx_bytes: 0, latest_handshake: null,
    ...overrides,
  };
}

let calls: ApiCall[];
let rows: RemoteSession[];
/** Waiting for 华东一厂: opened by a vendor engineer, two machine tools chosen. */
const waiting = () => session({ id: 2, status: 'pending', needs_approval: true, username: 'vendor-li', machine_ids: [5, 6], machines: '立加一号、车床二号', started_at: null, expires_at: null });
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 | 2 | 4 | 16 | 256 }], customer_id: 7 }) });
  rows = [
    session(),
    waiting(),
    session({ id: 3, status: 'rejected', needs_approval: true, end_reason: 'rejected', approved_by: 'plant-wang', started_at: null, expires_at: null, ended_at: '2026-11-23T03:00:00Z', ended_by: 'plant-wang' }),
    session({ id: 4, status: 'ended', end_reason: 'expired', gateway_id: 'GW-004', device_name: '四号网关', ended_at: '2026-11-23T04:00:00Z' }),
  ];
  calls = mockApi({
    'GET /manager/custom/tree': () => ok([{ id: 7, label: '华东一厂' }]),
    [`GET ${P}`]: () => ({ ...ok(rows), count: rows.length }),
    [`POST ${P}/2/approve`]: () => ok({ ...rows[1], status: 'active' }),
    [`POST ${P}/1/close`]: () => ok({ ...rows[0], status: 'ended' }),
  }).calls;
});
afterEach(() => {
  setLiveChannel(undefined);
  vi.unstubAllGlobals();
});

const rowOf = async (id: number) => {
  await screen.findByText('四号网关 (GW-004)');
  return [...document.querySelectorAll<HTMLElement>('tbody tr')].find((tr) => tr.getAttribute('data-row-key') === String(id))!;
};

describe('远程会话', { timeout: 60_000 }, () => {
  it('shows each status in its colour, why it ended, the machine tools, 时长 and the bytes', async () => {
    renderInShell(<RemoteSessionPage />, P);
    const colours = await Promise.all(
      [1, 2, 3, 4].map(async (id) => {
        const tag = (await rowOf(id)).querySelector('.ant-tag')!;
        return [tag.textContent, [...tag.classList].find((name) => /^ant-tag-(green|orange|red)$/.test(name)) ?? 'grey'];
      }),
    );
    expect(colours).toEqual([['进行中', 'ant-tag-green'], ['待审批', 'ant-tag-orange'], ['已拒绝', 'ant-tag-red'], ['已结束', 'grey']]);
    expect(within(await rowOf(4)).getByText('已到期')).toBeInTheDocument();
    expect(within(await rowOf(2)).getByText('立加一号、车床二号')).toBeInTheDocument();
    expect(within(await rowOf(1)).getByText('2 小时')).toBeInTheDocument();
    expect(within(await rowOf(1)).getByText('2 KB')).toBeInTheDocument();
    expect(within(await rowOf(1)).getByText('2026-11-23 12:00:00')).toBeInTheDocument();
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
  });

  it('offers 结束 on open and waiting sessions and 审批通过/拒绝 on waiting ones, to the factory’s approver', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<RemoteSessionPage />, P);
    expect(await offersRowAction(user, await rowOf(1), '结束')).toBe(true);
    expect(await offersRowAction(user, await rowOf(1), '审批通过')).toBe(false);
    expect(await offersRowAction(user, await rowOf(2), '审批通过')).toBe(true);
    expect(await offersRowAction(user, await rowOf(2), '拒绝')).toBe(true);
    expect(await offersRowAction(user, await rowOf(3), '结束')).toBe(false);
    expect(await offersRowAction(user, await rowOf(4), '结束')).toBe(false);
    await clickRowAction(user, await rowOf(2), '审批通过');
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/2/approve`, undefined]]));
  });

  it('leaves out 所属公司 for a user who may not read the company tree (a factory’s user under 客户)', async () => {
    renderInShell(<RemoteSessionPage />, P);
    await rowOf(1);
    expect(calls.some((call) => call.path === '/manager/custom/tree')).toBe(false);
    expect(screen.queryByLabelText('所属公司')).toBeNull();
  });

  it('结束 asks first, then ends the session', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<RemoteSessionPage />, P);
    await clickRowAction(user, await rowOf(1), '结束');
    const question = await screen.findByText('结束后该客户端立即无法访问设备,确定结束?');
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/1/close`, undefined]]));
  });

  it('gives the vendor’s staff no 审批通过: only the box’s company decides', async () => {
    useUserStore.setState({ info: userInfo({ super_user: true }) });
    const user = userEvent.setup({ delay: null });
    renderInShell(<RemoteSessionPage />, P);
    expect(await offersRowAction(user, await rowOf(2), '审批通过')).toBe(false);
    expect(await offersRowAction(user, await rowOf(2), '结束')).toBe(true);
  });

  it('turns 待审批 into 进行中 without a reload when the live channel says the session changed', async () => {
    const sockets = fakeLiveChannel();
    renderInShell(<RemoteSessionPage />, P);
    expect(within(await rowOf(2)).getByText('待审批')).toBeInTheDocument();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0].open());
    rows = rows.map((row) => (row.id === 2 ? { ...row, status: 'active', approved_by: 'plant-wang', started_at: '2026-11-23T05:00:00Z', expires_at: '2026-11-23T07:00:00Z' } : row));
    act(() => sockets[0].push({ type: 'remote_session', customer_id: 7, user_id: 9, session_id: 2, status: 'active', at: '2026-11-23T05:00:00Z' }));
    await waitFor(async () => expect(within(await rowOf(2)).getByText('进行中')).toBeInTheDocument());
    expect(within(await rowOf(2)).getByText('2026-11-23 15:00:00')).toBeInTheDocument();
  });
});
