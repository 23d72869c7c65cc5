import { ACTION, type LiveEvent, type RolloutDetail } from '@gw/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Shell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import { setLiveChannel } from '../../utils/live';
import RolloutPage from './RolloutPage';
import { R, V, detail } from './testing';

const renderPage = (id = 4) =>
  render(
    <Shell url={`${R}/${id}`}>
      <Routes>
        <Route path={`${R}/:id`} element={<RolloutPage />} />
      </Routes>
    </Shell>,
  );
const bar = () => screen.getByTestId('rollout-progress');
const count = (state: string) => within(screen.getByTestId(`rollout-count-${state}`)).getByText(/^\d+$/).textContent;
const event = (rollout_id: number): LiveEvent => ({ type: 'rollout', rollout_id, device_id: 3, state: 'done', at: '2026-03-02T02:06:00Z' });

let current: RolloutDetail;
let calls: ApiCall[];
let sockets: FakeSocket[];
beforeEach(() => {
  useUserStore.setState({ token: 't', info: userInfo({ super_user: true }) });
  current = detail();
  calls = mockApi({
    [`GET ${R}/4`]: () => ok(current),
    [`POST ${R}/4/pause`]: () => ({ ...ok(null), message: '已暂停' }),
    [`POST ${R}/4/resume`]: () => ({ ...ok(null), message: '已继续' }),
  }).calls;
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

describe('固件推送 详情', { timeout: 60_000 }, () => {
  it('shows the boxes per state, the bar of those through, the batch, and every box with its reason', async () => {
    renderPage();
    expect(await screen.findByText('固件推送 #4 · 版本 1.4.2')).toBeInTheDocument();
    // 5 done + 1 failed of 20 are through
    expect(bar()).toHaveAttribute('aria-valuenow', '30');
    expect(within(bar()).getByText('6 / 20')).toBeInTheDocument();
    expect([count('pending'), count('downloading'), count('done'), count('failed'), count('skipped')]).toEqual(['10', '4', '5', '1', '0']);
    expect(screen.getByText('第 1 / 2 批')).toBeInTheDocument();
    expect(screen.getByText('设备标签: 一车间')).toBeInTheDocument();
    expect(screen.getByText('进行中')).toHaveClass('ant-tag-processing');
    const failed = screen.getByText('校验失败: SHA-256 不符').closest('tr')!;
    expect(within(failed).getByText('失败')).toHaveClass('ant-tag-error');
    expect(within(failed).getByText('1.3.0')).toBeInTheDocument();
  });

  it('narrows the boxes to one state', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('校验失败: SHA-256 不符');
    expect(screen.getAllByText('等待', { selector: '.ant-tag' }).length).toBe(10);
    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByText('失败 (1)', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(screen.queryAllByText('等待', { selector: '.ant-tag' })).toHaveLength(0));
    expect(screen.getByText('GW-020')).toBeInTheDocument();
  });

  it('moves its counts and its bar on a live event of this rollout, and not on another rollout’s', async () => {
    renderPage();
    await screen.findByText('6 / 20');
    act(() => sockets.at(-1)!.open());
    const gets = () => calls.filter((c) => c.method === 'GET' && c.path === `${R}/4`).length;
    expect(gets()).toBe(1);
    act(() => sockets.at(-1)!.push(event(5)));
    current = detail({ state: 'done', batch: 2, counts: { pending: 0, sending: 0, downloading: 0, verifying: 0, installing: 0, done: 20, failed: 0, skipped: 0 }, finished_at: '2026-03-02T02:30:00Z' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets()).toBe(1);
    act(() => sockets.at(-1)!.push(event(4)));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '100'));
    expect(within(bar()).getByText('20 / 20')).toBeInTheDocument();
    expect(count('done')).toBe('20');
    expect(count('pending')).toBe('0');
    expect(screen.getByText('已完成')).toHaveClass('ant-tag-success');
  });

  it('pauses a running rollout; a stopped one says why and offers 继续 and 重试失败', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderPage();
    await screen.findByText('6 / 20');
    expect(screen.queryByRole('button', { name: '继续' })).toBeNull();
    await user.click(screen.getByRole('button', { name: twoChars('暂停') }));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${R}/4/pause`, undefined]]));
    expect(await screen.findByText('已暂停', { selector: '.ant-message *' })).toBeInTheDocument();
    unmount();

    current = detail({ state: 'stopped', stop_reason: '第 1 批失败率 30% 超过阈值 20%' });
    renderPage();
    expect(await screen.findByText('中止原因: 第 1 批失败率 30% 超过阈值 20%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: twoChars('继续') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试失败' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: twoChars('取消') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: twoChars('暂停') })).toBeNull();
  });

  it('offers no steering to whoever may only look', async () => {
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: V, action: ACTION.query }] }) });
    renderPage();
    await screen.findByText('6 / 20');
    expect(screen.queryByRole('button', { name: twoChars('暂停') })).toBeNull();
    expect(screen.queryByRole('button', { name: twoChars('取消') })).toBeNull();
  });
});
