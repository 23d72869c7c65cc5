import { ACTION, DEVICE_PATH, type LiveEvent, MACHINE_MENU, type MachineStateCounts } from '@gw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { drawableCharts } from '../../test/chart';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import DashboardPage from './DashboardPage';
import { MachineStatesCard } from './MachineStatesCard';

const STATES = '/device/machine/states';
const ALARMS = '/device/machine/alarms/today';

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}

drawableCharts();
let counts: MachineStateCounts;
let calls: ApiCall[];
let sockets: FakeSocket[];
const push = (...events: LiveEvent[]) => act(() => events.forEach((event) => sockets.at(-1)!.push(event)));
const stateCalls = () => calls.filter((c) => c.path === STATES).length;
const machineState = (machine_id: number): LiveEvent => ({ type: 'machine_state', customer_id: 7, device_id: 1, machine_id, state: 'alarm', at: '2026-01-05T01:00:00Z' });
/** The number under a state's title. */
const shown = (state: string) => within(screen.getByTestId(`machine-state-${state}`)).getByText(/^\d+$/).textContent;

beforeEach(() => {
  useUserStore.setState({ token: 't', info: userInfo({ customer_id: 7, role_menu: [{ menu: MACHINE_MENU, action: ACTION.query }] }) });
  counts = { running: 5, idle: 2, alarm: 1, offline: 3, total: 11 };
  calls = mockApi({
    [`GET ${STATES}`]: () => ok(counts),
    [`GET ${ALARMS}`]: () => ok({ total: 0, active: 0, items: [] }),
    'GET /tools/downloads': () => ok([]),
    'GET /user/custom_info': () => ok(null),
    'GET /device/device/stats': () => ok([]),
  }).calls;
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

describe('首页 机床状态', { timeout: 60_000 }, () => {
  it('shows the machine tools per state under their Chinese titles, and the total in the doughnut', async () => {
    renderWithClient(<MachineStatesCard />);
    const card = (await screen.findByText('机床状态')).closest<HTMLElement>('.ant-card')!;
    expect(await within(card).findByText('共 11 台')).toBeInTheDocument();
    for (const [state, title, n] of [['running', '运行', '5'], ['idle', '空闲', '2'], ['alarm', '报警', '1'], ['offline', '离线', '3']]) {
      expect(within(screen.getByTestId(`machine-state-${state}`)).getByText(title)).toBeInTheDocument();
      expect(shown(state)).toBe(n);
    }
    expect((await within(card).findByText('11', { selector: 'text' })).closest('svg')).toBeInTheDocument();
  });

  it('asks again on a machine state or presence event, once at once and once more for a burst', async () => {
    renderWithClient(<MachineStatesCard />);
    await screen.findByText('共 11 台');
    act(() => sockets.at(-1)!.open());
    expect(stateCalls()).toBe(1);

    counts = { running: 4, idle: 2, alarm: 2, offline: 3, total: 11 };
    push(machineState(1));
    await waitFor(() => expect(shown('alarm')).toBe('2'));
    expect(shown('running')).toBe('4');
    expect(stateCalls()).toBe(2);

    // a burst within the next two seconds: asked for once, when they are over
    counts = { running: 4, idle: 2, alarm: 0, offline: 5, total: 11 };
    push(machineState(2), { type: 'presence', customer_id: 7, device_id: 1, gateway_id: 'GW-1', online: false, at: '2026-01-05T01:00:01Z' }, machineState(3));
    expect(stateCalls()).toBe(2);
    await waitFor(() => expect(shown('offline')).toBe('5'), { timeout: 4000 });
    expect(stateCalls()).toBe(3);
    // an alarm event is not about states
    push({ type: 'alarm', customer_id: 7, device_id: 1, machine_id: 1, alarm_no: '1001', alarm_msg: '急停', active: true, at: '2026-01-05T01:00:02Z' });
    await new Promise((r) => setTimeout(r, 100));
    expect(stateCalls()).toBe(3);
  });

  it('shows 暂无数据 instead of a chart when the scope has no machine tool', async () => {
    counts = { running: 0, idle: 0, alarm: 0, offline: 0, total: 0 };
    renderWithClient(<MachineStatesCard />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(shown('running')).toBe('0');
  });
});

describe('首页 with and without 查询 on 机床', { timeout: 60_000 }, () => {
  it('shows 机床状态 and 今日报警 to whoever may query machine tools', async () => {
    renderWithClient(<DashboardPage />);
    expect(await screen.findByText('机床状态')).toBeInTheDocument();
    expect(screen.getByText('今日报警')).toBeInTheDocument();
  });

  it('shows neither, nor asks for them, without the bit', async () => {
    useUserStore.setState({ info: userInfo({ customer_id: 7, role_menu: [{ menu: DEVICE_PATH, action: ACTION.query }] }) });
    renderWithClient(<DashboardPage />);
    await screen.findByText('设备统计信息');
    await screen.findByText('暂无可下载的文件');
    expect(screen.queryByText('机床状态')).toBeNull();
    expect(screen.queryByText('今日报警')).toBeNull();
    expect(calls.some((c) => c.path === STATES || c.path === ALARMS)).toBe(false);
    expect(sockets).toHaveLength(0);
  });
});
