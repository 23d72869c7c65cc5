import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import DevicePage from './DevicePage';
import { P, around } from '../../test/boxes';

const history = [
  { rollout_id: 7, version: '1.5.0', state: 'failed', error: '回滚: 启动后仍为 1.4.2', from_version: '1.4.2', updated_at: '2026-03-05T02:00:00Z' },
  { rollout_id: 4, version: '1.4.2', state: 'done', error: '', from_version: '1.3.0', updated_at: '2026-03-02T02:00:00Z' },
];

let answers: Record<number, unknown>;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  answers = { 1: { firmware_version: '1.4.2', history }, 2: { firmware_version: '', history: [] } };
  mockApi({ ...around, [`GET ${P}/1/firmware`]: () => ok(answers[1]), [`GET ${P}/2/firmware`]: () => ok(answers[2]) });
});
afterEach(() => vi.unstubAllGlobals());

/** Opens 设备详情 of the box named `name` on its 固件 tab and returns the drawer. */
async function openFirmware(user: ReturnType<typeof userEvent.setup>, name: string, gatewayId: string) {
  renderInShell(<DevicePage />, P);
  await screen.findByText(name);
  await user.click(within(screen.getByText(name).closest('tr')!).getByText(twoChars('详情')));
  const drawer = within((await screen.findByText(`设备详情: ${gatewayId}`)).closest<HTMLElement>('.ant-drawer')!);
  await user.click(drawer.getByRole('tab', { name: '固件' }));
  return drawer;
}

describe('设备详情 固件', { timeout: 60_000 }, () => {
  it('shows the version the box runs and its rollouts, latest first, with their states and reasons', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openFirmware(user, '一号网关', 'GW-001');
    const failed = (await drawer.findByText('回滚: 启动后仍为 1.4.2')).closest('tr')!;
    expect(within(failed).getByText('失败')).toHaveClass('ant-tag-error');
    expect(within(failed).getByText('1.5.0')).toBeInTheDocument();
    const done = drawer.getByText('成功').closest('tr')!;
    expect(within(done).getByText('1.3.0')).toBeInTheDocument();
    expect(drawer.getByText('当前版本').closest('tr')).toHaveTextContent('当前版本1.4.2');
    const rows = [...failed.parentElement!.querySelectorAll('tr.ant-table-row')];
    expect(rows.indexOf(failed)).toBeLessThan(rows.indexOf(done));
  });

  it('says so when the box has never been updated', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openFirmware(user, '二号网关', 'GW-002');
    expect(await drawer.findByText('暂无升级记录')).toBeInTheDocument();
  });
});
