import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, offersRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { setLiveChannel } from '../../utils/live';
import { fakeLiveChannel } from '../../test/live';
import RolloutListPage from './RolloutListPage';
import { R, V, rollout, version } from './testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const pick = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
};
const rollouts = [
  rollout(),
  rollout({ id: 3, version: '1.3.0', state: 'stopped', target_text: '指定设备: GW-009', stop_reason: '失败过多', total: 10, counts: { pending: 5, sending: 0, downloading: 0, verifying: 0, installing: 0, done: 2, failed: 3, skipped: 0 } }),
];

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${R}`]: () => ({ ...ok(rollouts), count: rollouts.length }),
    [`POST ${R}/4/pause`]: () => ({ ...ok(null), message: '已暂停' }),
    [`POST ${R}`]: (body) => ok({ id: 12, ...(body as object) }),
    [`GET ${V}`]: () => ({ ...ok([version()]), count: 1 }),
    'GET /device/device': () => ({ ...ok([{ id: 1, gateway_id: 'GW-001' }, { id: 2, gateway_id: 'GW-002' }]), count: 2 }),
  }).calls;
  fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

describe('固件推送', { timeout: 60_000 }, () => {
  it('lists the rollouts with their state, their target and a bar of the boxes through', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<RolloutListPage />, R);
    await screen.findByText('设备标签: 一车间');
    expect(within(rowOf('设备标签: 一车间')).getByText('进行中')).toHaveClass('ant-tag-processing');
    expect(within(rowOf('指定设备: GW-009')).getByText('已中止')).toHaveClass('ant-tag-error');
    expect(within(rowOf('设备标签: 一车间')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(within(rowOf('指定设备: GW-009')).getByText('5 / 10')).toBeInTheDocument();
    // steering by state
    expect(await offersRowAction(user, rowOf('设备标签: 一车间'), twoChars('暂停'))).toBe(true);
    expect(await offersRowAction(user, rowOf('指定设备: GW-009'), twoChars('暂停'))).toBe(false);
    expect(await offersRowAction(user, rowOf('指定设备: GW-009'), twoChars('继续'))).toBe(true);
    expect(await offersRowAction(user, rowOf('指定设备: GW-009'), '重试失败')).toBe(true);
  });

  it('pauses a running rollout from its row', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<RolloutListPage />, R);
    await screen.findByText('设备标签: 一车间');
    await clickRowAction(user, rowOf('设备标签: 一车间'), twoChars('暂停'));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${R}/4/pause`, undefined]]));
  });

  it('starts a rollout to chosen boxes in batches of a number', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<RolloutListPage />, R);
    await screen.findByText('设备标签: 一车间');
    await user.click(screen.getByRole('button', { name: /新建推送/ }));
    const form = within(await modal('新建固件推送'));
    await user.click(form.getByLabelText('固件版本'));
    await pick(user, '1.4.2');
    await user.click(await form.findByText('输入网关ID搜索设备'));
    await pick(user, 'GW-002');
    await user.clear(form.getByLabelText('每批数量'));
    await user.type(form.getByLabelText('每批数量'), '5');
    await user.type(form.getByLabelText('备注'), ' 试点 ');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'POST',
      R,
      { version_id: 1, target: { type: 'devices', ids: [2] }, batch_size: 5, concurrency: 50, pause_seconds: 0, stop_failure_percent: 20, offline_deadline_minutes: 30, remark: '试点' },
    ]);
  });
});
