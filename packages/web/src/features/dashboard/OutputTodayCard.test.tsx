import { ACTION, DEVICE_PATH, type LiveEvent, MACHINE_MENU, type OutputToday } from '@gw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { drawableCharts } from '../../test/chart';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import DashboardPage from './DashboardPage';
import { OutputTodayCard } from './OutputTodayCard';

const OUTPUT = '/device/machine/output/today';

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}

drawableCharts();
let output: OutputToday;
let calls: ApiCall[];
let sockets: FakeSocket[];
const outputCalls = () => calls.filter((c) => c.path === OUTPUT);
const card = async () => (await screen.findByText('今日产量', { selector: '.ant-card-head-title' })).closest<HTMLElement>('.ant-card')!;
/** The customer rows as the user reads them: name, parts, utilisation. */
const rows = (el: HTMLElement) => [...el.querySelectorAll('.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
const figure = (id: string) => within(screen.getByTestId(id)).getByText(/^[\d.,]+$/).textContent;

beforeEach(() => {
  useUserStore.setState({ token: 't', info: userInfo({ customer_id: 7, role_menu: [{ menu: MACHINE_MENU, action: ACTION.query }] }) });
  output = {
    machines: 12,
    parts: 1830,
    run_s: 151_200,
    planned_s: 432_000,
    utilisation: 0.35,
    items: [
      { customer_id: 8, customer_name: '一车间', machines: 5, parts: 1200, run_s: 90_000, planned_s: 180_000, utilisation: 0.5 },
      { customer_id: 9, customer_name: '二车间', machines: 7, parts: 630, run_s: 61_200, planned_s: 252_000, utilisation: 0.2428 },
    ],
  };
  calls = mockApi({
    [`GET ${OUTPUT}`]: () => ok(output),
    'GET /device/machine/states': () => ok({ running: 0, idle: 0, alarm: 0, offline: 0, total: 0 }),
    'GET /device/machine/alarms/today': () => ok({ total: 0, active: 0, items: [] }),
    'GET /tools/downloads': () => ok([]),
    'GET /user/custom_info': () => ok(null),
    'GET /device/device/stats': () => ok([]),
    'GET /device/machine/trends': () => ok({ days: [] }),
  }).calls;
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

describe('首页 今日产量', { timeout: 60_000 }, () => {
  it('shows the parts made today and the utilisation, then the customers making the most', async () => {
    renderWithClient(<OutputTodayCard />);
    const el = await card();
    expect(await within(el).findByText('12 台机床')).toBeInTheDocument();
    expect(figure('output-parts')).toBe('1,830');
    expect(within(screen.getByTestId('output-parts')).getByText('件')).toBeInTheDocument();
    expect(figure('output-utilisation')).toBe('35');
    expect([...el.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['客户', '今日产量', '稼动率']);
    expect(rows(el)).toEqual([
      ['一车间', '1200', '50%'],
      ['二车间', '630', '24.3%'],
    ]);
    expect(outputCalls()).toHaveLength(1);
  });

  it('says what 稼动率 divides and over how many machine tools, and names its bars and its ⓘ', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<OutputTodayCard />);
    const el = await card();
    expect(await within(el).findByTestId('output-utilisation-basis')).toHaveTextContent('运行时长 ÷ 今日至今计划时长 · 12 台');
    expect(within(el).getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual(['一车间 的稼动率', '二车间 的稼动率']);
    await user.hover(within(el).getByRole('button', { name: '稼动率的算法' }));
    expect(await screen.findByText(/今日运行 42 小时 ÷ 今日至今计划 120 小时/)).toHaveTextContent(/从创建或首次上报.*起算/);
  });

  it('asks again when a machine changes state and shows the new figures', async () => {
    renderWithClient(<OutputTodayCard />);
    const el = await card();
    await within(el).findByText('一车间');
    act(() => sockets.at(-1)!.open());
    output = { ...output, parts: 1900, items: [{ ...output.items[0], parts: 1270 }, output.items[1]] };
    const event: LiveEvent = { type: 'machine_state', customer_id: 8, device_id: 1, machine_id: 3, state: 'idle', at: '2026-01-05T01:00:00Z' };
    act(() => sockets.at(-1)!.push(event));
    await waitFor(() => expect(figure('output-parts')).toBe('1,900'));
    expect(rows(el)[0]).toEqual(['一车间', '1270', '50%']);
    expect(outputCalls()).toHaveLength(2);
  });

  it('says so when the scope has no machine tool', async () => {
    output = { machines: 0, parts: 0, run_s: 0, planned_s: 0, utilisation: 0, items: [] };
    renderWithClient(<OutputTodayCard />);
    expect(await screen.findByText('暂无机床')).toBeInTheDocument();
    expect(figure('output-parts')).toBe('0');
    expect(figure('output-utilisation')).toBe('0');
  });
});

describe('首页 今日产量 with and without 查询 on 机床', { timeout: 60_000 }, () => {
  it('is on the home page of whoever may query machine tools', async () => {
    renderWithClient(<DashboardPage />);
    expect(await within(await card()).findByText('一车间')).toBeInTheDocument();
  });

  it('is not there, nor asked for, without the bit', async () => {
    useUserStore.setState({ info: userInfo({ customer_id: 7, role_menu: [{ menu: DEVICE_PATH, action: ACTION.query }] }) });
    renderWithClient(<DashboardPage />);
    await screen.findByText('设备统计信息');
    await screen.findByText('暂无可下载的文件');
    expect(screen.queryByText('今日产量')).toBeNull();
    expect(outputCalls()).toHaveLength(0);
  });
});
