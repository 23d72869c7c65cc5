import type { LiveEvent, TodayAlarm, TodayAlarms } from '@gw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import { TodayAlarmsCard } from './TodayAlarmsCard';

const ALARMS = '/device/machine/alarms/today';

/** An alarm of today at hh:mm:ss on the platform's clock (Asia/Shanghai, UTC+8: the console shows every time there). */
const at = (h: number, m: number, s: number) => new Date(Date.UTC(2026, 0, 5, h - 8, m, s)).toISOString();
const alarm = (id: number, values: Partial<TodayAlarm>): TodayAlarm => ({
  id, machine_tool_id: 11, machine_name: '一号车床', machine_code: 'L1', device_id: 1, gateway_id: 'GW-001',
  alarm_no: '1001', alarm_type: 'EX', alarm_msg: '急停', started_at: at(8, 0, 0), ended_at: null, ...values,
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <TodayAlarmsCard />
      </AntApp>
    </QueryClientProvider>,
  );
}

let today: TodayAlarms;
let calls: ApiCall[];
let sockets: FakeSocket[];
const push = (...events: LiveEvent[]) => act(() => events.forEach((event) => sockets.at(-1)!.push(event)));
/** The card's rows as the user reads them, top to bottom. */
const rows = (card: HTMLElement) => [...card.querySelectorAll('.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

beforeEach(() => {
  useUserStore.setState({ token: 't', info: userInfo({ customer_id: 7 }) });
  today = {
    total: 3,
    active: 2,
    items: [
      alarm(3, { started_at: at(10, 15, 30), machine_name: '', machine_code: 'M2', gateway_id: 'GW-002', alarm_no: '2002', alarm_msg: '主轴过载' }),
      alarm(2, { started_at: at(9, 5, 0), alarm_no: '1002', alarm_msg: '润滑油不足' }),
      alarm(1, { started_at: at(8, 0, 0), ended_at: at(8, 12, 45) }),
    ],
  };
  calls = mockApi({ [`GET ${ALARMS}`]: () => ok(today) }).calls;
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

describe('首页 今日报警', { timeout: 60_000 }, () => {
  it('lists today alarms latest first with their box, machine tool and state, under the day counts', async () => {
    renderCard();
    const card = (await screen.findByText('今日报警')).closest<HTMLElement>('.ant-card')!;
    expect(await within(card).findByText('今日 3 条,2 条未恢复')).toBeInTheDocument();
    expect([...card.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['时间', '网关', '机床', '报警号', '信息', '状态']);
    expect(rows(card)).toEqual([
      ['10:15:30', 'GW-002', 'M2', '2002', '主轴过载', '报警中'],
      ['09:05:00', 'GW-001', '一号车床', '1002', '润滑油不足', '报警中'],
      ['08:00:00', 'GW-001', '一号车床', '1001', '急停', '已恢复08:12:45'],
    ]);
    expect(within(card).getAllByText('报警中')[0]).toHaveClass('ant-tag-red');
    expect(calls.find((c) => c.path === ALARMS)).toBeTruthy();
  });

  it('asks again on an alarm event and shows the new alarm first', async () => {
    renderCard();
    const card = (await screen.findByText('今日报警')).closest<HTMLElement>('.ant-card')!;
    await within(card).findByText('主轴过载');
    act(() => sockets.at(-1)!.open());

    today = { total: 4, active: 3, items: [alarm(4, { started_at: at(11, 0, 1), alarm_no: '3003', alarm_msg: '刀具寿命到' }), ...today.items] };
    push({ type: 'alarm', customer_id: 7, device_id: 1, machine_id: 11, alarm_no: '3003', alarm_msg: '刀具寿命到', active: true, at: at(11, 0, 1) });
    expect(await within(card).findByText('今日 4 条,3 条未恢复')).toBeInTheDocument();
    expect(rows(card)[0]).toEqual(['11:00:01', 'GW-001', '一号车床', '3003', '刀具寿命到', '报警中']);
    await waitFor(() => expect(calls.filter((c) => c.path === ALARMS)).toHaveLength(2));
  });

  it('says so when there was no alarm today', async () => {
    today = { total: 0, active: 0, items: [] };
    renderCard();
    expect(await screen.findByText('今日暂无报警')).toBeInTheDocument();
    expect(screen.getByText('今日 0 条,0 条未恢复')).toBeInTheDocument();
  });
});
