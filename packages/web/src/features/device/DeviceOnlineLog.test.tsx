import type { OnlineLogRow } from '@gw/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { setLiveChannel } from '../../utils/live';
import { openDetail } from './detailTesting';
import { P, around } from '../../test/boxes';

const LOG = `${P}/1/online_log`;
const row = (id: number, online: boolean, reason: OnlineLogRow['reason'], at: string): OnlineLogRow => ({ id, online, reason, at, ip: `10.0.0.${id}`, node: 'node-a' });

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
let answer: () => unknown;
let sockets: FakeSocket[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  answer = () => ({ ...ok([row(3, false, 'will', '2026-11-23T10:05:00Z'), row(2, true, 'connect', '2026-11-23T09:00:00Z'), row(1, false, 'takeover', '2026-11-22T18:00:00Z')]), count: 45 });
  ({ fetchMock } = mockApi({ ...around, [`GET ${LOG}`]: () => answer() }));
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

describe('设备详情 上下线记录', { timeout: 60_000 }, () => {
  it('lists the box’s transitions newest first with 上线/下线 tags, reasons, IP and node, a page at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    await user.click(drawer.getByRole('tab', { name: '上下线记录' }));
    const will = await drawer.findByText('遗嘱(异常断开)');
    const rows = drawer.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual(['遗嘱(异常断开)', '连接', '被新连接顶替']);
    const first = will.closest('tr')!;
    expect(within(first).getByText('下线')).not.toHaveClass('ant-tag-green');
    expect(within(first).getByText('10.0.0.3')).toBeInTheDocument();
    expect(within(first).getByText('node-a')).toBeInTheDocument();
    expect(within(drawer.getByText('连接').closest('tr')!).getByText('上线')).toHaveClass('ant-tag-green');
    expect(drawer.getByText('共 45 条')).toBeInTheDocument();
    expect(lastGet(fetchMock, LOG)?.get('page')).toBe('1');

    answer = () => ({ ...ok([row(40, true, 'reconcile', '2026-11-01T00:00:00Z')]), count: 45 });
    await user.click(drawer.getByTitle('2'));
    expect(await drawer.findByText('服务重启后校正')).toBeInTheDocument();
    expect(lastGet(fetchMock, LOG)?.get('page')).toBe('2');
    expect(lastGet(fetchMock, LOG)?.get('limit')).toBe('20');
  });

  it('says 暂无数据 for a box that never connected, and shows its first connection as it happens', async () => {
    answer = () => ({ ...ok([]), count: 0 });
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    await user.click(drawer.getByRole('tab', { name: '上下线记录' }));
    expect(await drawer.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByText('下线')).toBeNull();
    // the box connects: the new row shows without a reload
    answer = () => ({ ...ok([row(1, true, 'connect', '2026-11-23T12:00:00Z')]), count: 1 });
    act(() => sockets.at(-1)!.open());
    act(() => sockets.at(-1)!.push({ type: 'presence', customer_id: 7, device_id: 1, gateway_id: 'GW-001', online: true, at: '2026-11-23T12:00:00Z' }));
    expect(await drawer.findByText('连接')).toBeInTheDocument();
  });
});
