import type { LiveEvent, MachineRealtime, MachineTool } from '@gw/contracts';
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { STORAGE } from '../../settings';
import { setLiveChannel } from '../../utils/live';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { openDetail } from './detailTesting';
import { around } from '../../test/boxes';

const M = '/device/machine';
const machine = (id: number, code: string, name: string): MachineTool => ({
  id, device_id: 1, code, name, category: 'fanuc', model: '0i-MF', description: '', enabled: true,
  ip: '', netmask: '', gateway: '', broadcast: '', lan_ip: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const lathe: MachineRealtime = {
  machine_id: 11,
  ts: '2026-11-23T10:00:00Z',
  state: 'running',
  values: {
    cnc_runstatus: 3, cnc_emer: 0, cnc_mode: 1, cnc_products: 120, cnc_toolnum: 5, cnc_srate: 100, cnc_frate: 90,
    cnc_setspeed: 8000, cnc_actspeed: 7990, cnc_mainproname: 'O1234',
    cnc_mecpos: [{ axis: 'X', value: 12.5 }, { axis: 'Z', value: -3.25 }],
    cnc_respos: [{ axis: 'X', value: 1.5 }, { axis: 'Z', value: 0 }],
    cnc_alarm: [],
  },
  alarms: [],
};
const silent: MachineRealtime = { machine_id: 12, ts: null, state: 'offline', values: {}, alarms: [] };

let answers: Record<number, MachineRealtime>;
let machines: MachineTool[];
let sockets: FakeSocket[];
/** Delivers events as the server would, on the tab's open socket. */
const push = (...events: LiveEvent[]) => act(() => events.forEach((event) => sockets.at(-1)!.push(event)));
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  localStorage.setItem(STORAGE.dictionary, JSON.stringify({ machinetoolcategory: [{ value: 'fanuc', title: 'FANUC' }] }));
  answers = { 11: lathe, 12: silent };
  machines = [machine(11, 'L1', '一号车床'), machine(12, 'M2', '二号铣床')];
  mockApi({
    ...around,
    [`GET ${M}`]: () => ({ ...ok(machines), count: machines.length }),
    [`GET ${M}/11/realtime`]: () => ok(answers[11]),
    [`GET ${M}/12/realtime`]: () => ok(answers[12]),
  });
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

/** The drawer's 实时数据 tab of GW-001, and the card of machine tool `code` in it. */
async function openRealtime() {
  const user = userEvent.setup({ delay: null });
  const drawer = await openDetail(user);
  await user.click(drawer.getByRole('tab', { name: '实时数据' }));
  await drawer.findByText('一号车床');
  act(() => sockets.at(-1)!.open());
  const card = (code: string) => within(drawer.getByTestId(`machine-${code}`));
  return { drawer, card };
}
/** The text beside a value's title in a card. */
const valueOf = (card: ReturnType<typeof within>, title: string) => card.getByText(title).closest('th, td, .ant-descriptions-item')!.parentElement!.textContent;

describe('设备详情 实时数据', { timeout: 60_000 }, () => {
  it('shows each machine tool with its state tag and its values under Chinese titles with units, axes as a table', async () => {
    const { card } = await openRealtime();
    const l1 = card('L1');
    expect(l1.getByText('FANUC')).toBeInTheDocument();
    expect(await l1.findByText('运行', { selector: '.ant-tag' })).toHaveClass('ant-tag-green');
    expect(l1.getByText('加工件数')).toBeInTheDocument();
    expect(l1.getByText('120 件')).toBeInTheDocument();
    expect(l1.getByText('7990 r/min')).toBeInTheDocument();
    expect(l1.getByText('90 %')).toBeInTheDocument();
    expect(l1.getByText('O1234')).toBeInTheDocument();
    // the brand's codes by their titles: FANUC run 3 is STRT, mode 1 is MEM
    expect(valueOf(l1, '运行状态')).toContain('运行');
    expect(valueOf(l1, '模式')).toContain('自动');
    expect(valueOf(l1, '急停')).toContain('正常');
    // one row per axis, a column per position
    expect(l1.getByText('机械坐标 (mm)')).toBeInTheDocument();
    expect(l1.getByText('相对坐标 (mm)')).toBeInTheDocument();
    expect([...l1.getByText('Z').closest('tr')!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Z', '-3.25', '0']);
    expect(l1.getByText(/数据时间/)).toBeInTheDocument();
    // a machine tool that has sent nothing yet
    const m2 = card('M2');
    expect(await m2.findByText('尚未收到数据')).toBeInTheDocument();
    expect(m2.getByText('离线')).not.toHaveClass('ant-tag-green');
    // the tab asked the live channel for this box's values
    expect(sockets.at(-1)!.sent).toContainEqual({ watch: [1] });
  });

  it('changes values, state and alarms as live events arrive, without a reload', async () => {
    const { card } = await openRealtime();
    await card('L1').findByText('7990 r/min');
    push(
      { type: 'realtime', customer_id: 7, device_id: 1, machine_id: 11, ts: '2026-11-23T10:00:05Z', values: { cnc_actspeed: 8010, cnc_products: 121 } },
      { type: 'machine_state', customer_id: 7, device_id: 1, machine_id: 11, state: 'alarm', at: '2026-11-23T10:00:05Z' },
      { type: 'alarm', customer_id: 7, device_id: 1, machine_id: 11, alarm_no: 'SV0401', alarm_msg: '伺服 V 就绪信号关闭', active: true, at: '2026-11-23T10:00:05Z' },
      // another box's machine tool changes nothing here
      { type: 'realtime', customer_id: 7, device_id: 2, machine_id: 11, ts: '2026-11-23T10:00:06Z', values: { cnc_actspeed: 1 } },
    );
    const l1 = card('L1');
    expect(await l1.findByText('8010 r/min')).toBeInTheDocument();
    expect(l1.getByText('121 件')).toBeInTheDocument();
    expect(l1.getByText('报警', { selector: '.ant-tag' })).toHaveClass('ant-tag-red');
    expect(l1.getByText('SV0401')).toBeInTheDocument();
    expect(l1.getByText(/伺服 V 就绪信号关闭/)).toBeInTheDocument();
    push({ type: 'alarm', customer_id: 7, device_id: 1, machine_id: 11, alarm_no: 'SV0401', alarm_msg: '', active: false, at: '2026-11-23T10:01:00Z' });
    await vi.waitFor(() => expect(l1.queryByText('SV0401')).toBeNull());
    // the box goes offline: its machine tools are asked again and read 离线
    answers[11] = { ...lathe, state: 'offline' };
    push({ type: 'presence', customer_id: 7, device_id: 1, gateway_id: 'GW-001', online: false, at: '2026-11-23T10:02:00Z' });
    expect(await l1.findByText('离线', { selector: '.ant-tag' })).not.toHaveClass('ant-tag-green');
  });

  it('refetches every 10 s, so a missed event still shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    const { card } = await openRealtime();
    await card('M2').findByText('尚未收到数据');
    answers[12] = { machine_id: 12, ts: '2026-11-23T10:00:00Z', state: 'idle', values: { cnc_toolnum: 7, cnc_alarm: [] }, alarms: [] };
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    const m2 = card('M2');
    expect(await m2.findByText('刀号')).toBeInTheDocument();
    expect(m2.getByText('空闲')).toHaveClass('ant-tag-gold');
  });

  it('says 该网关下没有机床 for a box without machine tools', async () => {
    machines = [];
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    await user.click(drawer.getByRole('tab', { name: '实时数据' }));
    expect(await drawer.findByText('该网关下没有机床')).toBeInTheDocument();
  });
});
