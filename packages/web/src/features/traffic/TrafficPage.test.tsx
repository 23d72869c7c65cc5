import { ACTION, MB_BYTES, type TrafficBox, type TrafficDaily } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell, settled } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { drawableCharts } from '../../test/chart';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import dayjs from '../../utils/dayjs';
import { formatBytes, formatRatio } from './format';
import TrafficPage from './TrafficPage';

const P = '/device/traffic';
const box = (over: Partial<TrafficBox>): TrafficBox => ({
  device_id: 1,
  gateway_id: 'GW-1',
  name: '一号网关',
  customer_id: 3,
  customer_name: '甲工厂',
  up_bytes: MB_BYTES,
  down_bytes: MB_BYTES,
  total_bytes: 2 * MB_BYTES,
  plan_id: null,
  plan_name: null,
  plan_mb: null,
  over: false,
  ratio: null,
  ...over,
});
const rows = [
  box({ device_id: 1, gateway_id: 'GW-OVER', up_bytes: 2 * MB_BYTES, total_bytes: 3 * MB_BYTES, plan_id: 4, plan_name: '小流量', plan_mb: 2, over: true, ratio: 1.5 }),
  box({ device_id: 2, gateway_id: 'GW-OK', plan_id: 5, plan_name: '1G', plan_mb: 1024, ratio: 2 / 1024 }),
];
const daily: TrafficDaily = {
  device_id: 1,
  gateway_id: 'GW-OVER',
  name: '一号网关',
  start: '2026-05-01',
  end: '2026-05-03',
  days: [
    { day: '2026-05-01', up_bytes: MB_BYTES, down_bytes: 0 },
    { day: '2026-05-02', up_bytes: 0, down_bytes: 0 },
    { day: '2026-05-03', up_bytes: MB_BYTES, down_bytes: MB_BYTES },
  ],
  up_bytes: 2 * MB_BYTES,
  down_bytes: MB_BYTES,
};

drawableCharts(900, 300);
let fetchMock: Mock;
let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  ({ fetchMock, calls } = mockApi({
    [`GET ${P}`]: () => ({ ...ok(rows), count: 2, start: 0, limit: 20, next: null, previous: null }),
    [`GET ${P}/customers`]: () => ok([{ customer_id: 3, customer_name: '甲工厂', box_count: 2, up_bytes: 3 * MB_BYTES, down_bytes: 2 * MB_BYTES, total_bytes: 5 * MB_BYTES }]),
    [`GET ${P}/1/daily`]: () => ok(daily),
  }));
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (gatewayId: string) => (await screen.findByText(gatewayId)).closest('tr')!;

describe('设备流量', () => {
  it('shows a box over its plan in red with the share of the plan, and asks for this month', async () => {
    renderInShell(<TrafficPage />, P);
    const over = await rowOf('GW-OVER');
    expect(over.className).toMatch(/over/);
    expect(within(over).getByText('150%').closest('.ant-typography')).toHaveClass('ant-typography-danger');
    expect(within(over).getByText('3 MB')).toBeInTheDocument();
    expect(within(over).getByText('小流量 (2 MB)')).toBeInTheDocument();
    const fine = await rowOf('GW-OK');
    expect(fine.className).not.toMatch(/over/);
    expect(within(fine).getByText('<1%').closest('.ant-typography')).not.toHaveClass('ant-typography-danger');
    expect(lastGet(fetchMock, P)?.get('month')).toBe(dayjs().format('YYYY-MM'));
    expect(lastGet(fetchMock, `${P}/customers`)?.get('limit')).toBe('10');
  });

  it('opens the chart of a clicked row over the last 30 days with its totals', async () => {
    const user = userEvent.setup();
    renderInShell(<TrafficPage />, P);
    await settled();
    await user.click(within(await rowOf('GW-OVER')).getByText('一号网关'));
    const drawer = (await screen.findByText('一号网关(GW-OVER) 每日流量')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('区间合计 上行 2 MB · 下行 1 MB')).toBeInTheDocument();
    const asked = lastGet(fetchMock, `${P}/1/daily`)!;
    expect(asked.get('end')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(asked.get('start')).toBe(dayjs().subtract(29, 'day').format('YYYY-MM-DD'));
    await waitFor(() => expect(drawer.querySelectorAll('svg path').length).toBeGreaterThan(3));
  });

  it('asks for the boxes over their plan with 仅看超额, and shows only the buttons the role allows', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: ACTION.query }] }) });
    const user = userEvent.setup();
    renderInShell(<TrafficPage />, P);
    await rowOf('GW-OVER');
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /设置套餐/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: '仅看超额' }));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('over')).toBe('yes'));
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});

describe('formatBytes and formatRatio', () => {
  it('read in KB, MB and GB, and in whole per cent', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatRatio(1.5)).toBe('150%');
    expect(formatRatio(0.002)).toBe('<1%');
    expect(formatRatio(0)).toBe('0%');
  });
});
