import type { MachineTimeline } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_COLORS } from '../../components/Chart/theme';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { drawableCharts } from '../../test/chart';
import { fakeLiveChannel } from '../../test/live';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import { formatDuration } from './format';
import MachinePage from './MachinePage';

const M = '/device/machine';
const day: MachineTimeline = {
  date: '2026-11-23',
  start: '2026-11-22T16:00:00.000Z',
  since: '2026-11-22T16:00:00.000Z',
  end: '2026-11-23T07:00:00.000Z',
  bands: [
    { state: 'offline', start: '2026-11-22T16:00:00.000Z', end: '2026-11-23T00:00:00.000Z' },
    { state: 'running', start: '2026-11-23T00:00:00.000Z', end: '2026-11-23T03:00:00.000Z' },
    { state: 'alarm', start: '2026-11-23T03:00:00.000Z', end: '2026-11-23T03:20:00.000Z' },
    { state: 'idle', start: '2026-11-23T03:20:00.000Z', end: '2026-11-23T04:00:00.000Z' },
    { state: 'running', start: '2026-11-23T04:00:00.000Z', end: '2026-11-23T07:00:00.000Z' },
  ],
  totals: { offline: 28_800, running: 21_600, alarm: 1200, idle: 2400 },
};

drawableCharts(900, 300);
let fetchMock: Mock;
let timeline: MachineTimeline;
beforeEach(() => {
  timeline = day;
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  ({ fetchMock } = mockApi({
    [`GET ${M}/11`]: () => ok({ id: 11, device_id: 1, code: 'L1', name: '一号车床', category: 'fanuc', model: '0i-MF', description: '', enabled: true, ip: '', netmask: '', gateway: '', broadcast: '', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }),
    [`GET ${M}/11/realtime`]: () => ok({ machine_id: 11, ts: '2026-11-23T07:00:00Z', state: 'running', values: { cnc_products: 120 }, alarms: [] }),
    [`GET ${M}/11/timeline`]: () => ok(timeline),
    [`GET ${M}/11/parts`]: () => ok({ date: '2026-11-23', hours: Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 15 ? 12 : 0)), total: 84 }),
    [`GET ${M}/11/oee`]: () =>
      ok({
        date: '2026-11-23',
        ideal_cycle_s: 60,
        shifts: [],
        day: { planned_s: 25200, run_s: 21600, parts: 84, scrap: 0, good: 84, availability: 0.8571, performance: 0.2333, quality: 1, oee: 0.2 },
      }),
    [`GET ${M}/11/alarms`]: () => ({
      ...ok([
        { id: 2, alarm_no: 'EX1001', alarm_type: 'EX', alarm_msg: '润滑油不足', started_at: '2026-11-23T06:00:00Z', ended_at: null, duration_s: null },
        { id: 1, alarm_no: 'SV0401', alarm_type: 'SV', alarm_msg: '伺服未就绪', started_at: '2026-11-23T03:00:00Z', ended_at: '2026-11-23T03:20:00Z', duration_s: 1200 },
      ]),
      count: 2,
    }),
  }));
  fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

const renderPage = () =>
  renderInShell(
    <Routes>
      <Route path="/device/machine/:id" element={<MachinePage />} />
    </Routes>,
    '/device/machine/11',
  );

describe('机床详情', () => {
  it("shows the day's time in each state, its parts per hour and its alarm history", async () => {
    renderPage();
    expect(await screen.findByText(/机床详情: 一号车床\(L1\)/)).toBeInTheDocument();
    const timeline = screen.getByText(/状态时间线/).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(timeline).getByText('6 小时')).toBeInTheDocument());
    expect(within(timeline).getByText('20 分')).toBeInTheDocument();
    expect(within(timeline).getByText('40 分')).toBeInTheDocument();
    expect(within(timeline).getByText('8 小时')).toBeInTheDocument();
    // the bands are drawn, each in its state's colour
    await waitFor(() => expect(timeline.querySelector(`svg [fill="${STATE_COLORS.alarm}"]`)).not.toBeNull());
    expect(timeline.querySelector(`svg [fill="${STATE_COLORS.running}"]`)).not.toBeNull();
    expect(await screen.findByText('当日共 84 件')).toBeInTheDocument();
    const oee = screen.getByText('OEE 设备综合效率').closest('.ant-card') as HTMLElement;
    expect(await within(oee).findByText('85.7%')).toBeInTheDocument();
    expect(within(oee).getByText('20%')).toBeInTheDocument();
    const alarms = screen.getByText('报警历史').closest('.ant-card') as HTMLElement;
    expect(await within(alarms).findByText('润滑油不足')).toBeInTheDocument();
    expect(within(alarms).getByText('报警中')).toBeInTheDocument();
    expect(within(alarms).getByText('20 分')).toBeInTheDocument();
  });

  it('gives 稼动率 as running time over the time planned so far, and says so', async () => {
    renderPage();
    // 6 h running of 15 h since midnight
    expect(await screen.findByTestId('timeline-utilisation')).toHaveTextContent('40%(运行时长 ÷ 今日至今计划时长)');
    expect(screen.getByRole('button', { name: '稼动率的算法' })).toBeInTheDocument();
  });

  it('plans a machine tool added today from when it came into being: no 离线 before it', async () => {
    // added at 06:00 (China time): 9 h so far, of which 6 h running, 1 h 离线 after it came and before its first report
    timeline = {
      ...day,
      since: '2026-11-22T22:00:00.000Z',
      bands: [{ state: 'offline', start: '2026-11-22T22:00:00.000Z', end: '2026-11-23T00:00:00.000Z' }, ...day.bands.slice(1)],
      totals: { ...day.totals, offline: 7200 },
    };
    renderPage();
    expect(await screen.findByTestId('timeline-utilisation')).toHaveTextContent('66.7%');
    const card = screen.getByText(/状态时间线/).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('2 小时')).toBeInTheDocument();
  });

  it('names every progress bar by what it measures', async () => {
    renderPage();
    const oee = (await screen.findByText('OEE 设备综合效率')).closest('.ant-card') as HTMLElement;
    await within(oee).findByText('85.7%');
    const names = within(oee).getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'));
    expect(names).toEqual(['当日合计 开动率', '当日合计 性能', '当日合计 合格率', '当日合计 OEE']);
  });

  it('asks for the alarms still on when 报警中 is chosen', async () => {
    const user = userEvent.setup();
    renderPage();
    const alarms = (await screen.findByText('报警历史')).closest('.ant-card') as HTMLElement;
    await user.click(within(alarms).getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByTitle('报警中'));
    await waitFor(() => expect(lastGet(fetchMock, `${M}/11/alarms`)?.get('active')).toBe('yes'));
  });
});

describe('formatDuration', () => {
  it('reads in the largest two units', () => {
    expect(formatDuration(7500)).toBe('2 小时 5 分');
    expect(formatDuration(200)).toBe('3 分 20 秒');
    expect(formatDuration(45)).toBe('45 秒');
    expect(formatDuration(3600)).toBe('1 小时');
  });
});
