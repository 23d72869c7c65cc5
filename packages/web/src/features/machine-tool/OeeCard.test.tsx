import { ACTION, MACHINE_MENU, type MachineOee, type MachinePlan } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { OeeCard, oeeColor } from './OeeCard';

const M = '/device/machine/11';
const answer: MachineOee = {
  date: '2026-11-22',
  ideal_cycle_s: 60,
  shifts: [
    { name: '白班', start: '2026-11-22T00:00:00.000Z', end: '2026-11-22T12:00:00.000Z', planned_s: 43200, run_s: 36000, parts: 480, scrap: 24, good: 456, availability: 0.8333, performance: 0.8, quality: 0.95, oee: 0.6333 },
    { name: '夜班', start: '2026-11-22T12:00:00.000Z', end: '2026-11-23T00:00:00.000Z', planned_s: 43200, run_s: 14400, parts: 300, scrap: 0, good: 300, availability: 0.3333, performance: 1, quality: 1, oee: 0.3333 },
  ],
  day: { planned_s: 86400, run_s: 50400, parts: 780, scrap: 24, good: 756, availability: 0.5833, performance: 0.9286, quality: 0.9692, oee: 0.525 },
};
const plan: MachinePlan = {
  shifts: null,
  ideal_cycle_s: null,
  defaults: { shifts: [{ name: '白班', start: '08:00', end: '20:00' }, { name: '夜班', start: '20:00', end: '08:00' }], ideal_cycle_s: 60 },
};

let calls: ApiCall[];
let fetchMock: Mock;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  ({ calls, fetchMock } = mockApi({
    [`GET ${M}/oee`]: () => ok(answer),
    [`GET ${M}/plan`]: () => ok(plan),
    [`PUT ${M}/plan`]: () => ({ code: 200, message: '计划已保存', data: plan }),
    [`PUT ${M}/scrap`]: (body) => ({ code: 200, message: '报废数已保存', data: body }),
  }));
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const oeeReads = () => calls.filter((c) => c.method === 'GET' && c.path === `${M}/oee`).length;

describe('OEE card', () => {
  it('shows each factor and the product per shift and for the day, OEE coloured by how good it is', async () => {
    renderInShell(<OeeCard id={11} date="2026-11-22" />, M);
    const day = await rowOf('白班');
    for (const text of ['12 小时', '10 小时', '480', '456', '24', '83.3%', '80%', '95%', '63.3%']) expect(within(day).getByText(text)).toBeInTheDocument();
    // the shift's bounds on China's clock: 08:00 there is 00:00 UTC
    expect(within(day).getByText('08:00–20:00')).toBeInTheDocument();
    const night = await rowOf('夜班');
    for (const text of ['33.3%', '100%']) expect(within(night).getAllByText(text).length).toBeGreaterThan(0);
    const whole = await rowOf('当日合计');
    for (const text of ['780', '58.3%', '92.9%', '96.9%', '52.5%']) expect(within(whole).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('理想节拍 60 秒/件')).toBeInTheDocument();
    // OEE's bar: 63.3 % gold, 52.5 % red (85 % and more would be green)
    const bar = (row: HTMLElement) => row.lastElementChild?.querySelector('.ant-progress-track')?.getAttribute('style');
    expect(bar(day)).toContain(oeeColor(0.6333));
    expect(bar(whole)).toContain(oeeColor(0.525));
    expect([oeeColor(0.9), oeeColor(0.6333), oeeColor(0.525)]).toEqual(['#52c41a', '#faad14', '#ff4d4f']);
    expect(lastGet(fetchMock, `${M}/oee`)?.get('date')).toBe('2026-11-22');
  });

  it('hides 计划设置 and the scrap edit from a user who may only look', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: MACHINE_MENU, action: ACTION.query }] }) });
    renderInShell(<OeeCard id={11} date="2026-11-22" />, M);
    await rowOf('白班');
    expect(screen.queryByRole('button', { name: '计划设置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑白班报废数' })).toBeNull();
  });

  it('saves a plan of its own from the dialog and reads the figures again', async () => {
    const user = userEvent.setup();
    renderInShell(<OeeCard id={11} date="2026-11-22" />, M);
    await rowOf('白班');
    const before = oeeReads();
    await user.click(screen.getByRole('button', { name: '计划设置' }));
    const dialog = await modal('计划设置');
    expect(within(dialog).getByText(/未设置,使用默认班次: 白班 08:00–20:00、夜班 20:00–08:00/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /按默认班次填入/ }));
    await user.clear(within(dialog).getByLabelText('班次 1 名称'));
    await user.type(within(dialog).getByLabelText('班次 1 名称'), '早班');
    await user.type(within(dialog).getByLabelText('理想节拍 (秒/件)'), '45');
    await user.click(within(dialog).getByRole('button', { name: twoChars('确定') }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        ['PUT', `${M}/plan`, { shifts: [{ name: '早班', start: '08:00', end: '20:00' }, { name: '夜班', start: '20:00', end: '08:00' }], ideal_cycle_s: 45 }],
      ]),
    );
    await waitFor(() => expect(oeeReads()).toBeGreaterThan(before));
  });

  it('refuses overlapping shifts before sending anything', async () => {
    const user = userEvent.setup();
    renderInShell(<OeeCard id={11} date="2026-11-22" />, M);
    await rowOf('白班');
    await user.click(screen.getByRole('button', { name: '计划设置' }));
    const dialog = await modal('计划设置');
    await user.click(within(dialog).getByRole('button', { name: /按默认班次填入/ }));
    await user.clear(within(dialog).getByLabelText('班次 2 开始'));
    await user.type(within(dialog).getByLabelText('班次 2 开始'), '19:00');
    await user.click(within(dialog).getByRole('button', { name: twoChars('确定') }));
    expect(await screen.findByText('班次时间重叠: 白班 与 夜班')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("records a shift's scrap", async () => {
    const user = userEvent.setup();
    renderInShell(<OeeCard id={11} date="2026-11-22" />, M);
    await user.click(await screen.findByRole('button', { name: '编辑夜班报废数' }));
    const dialog = await modal('报废数 · 夜班(2026-11-22)');
    await user.type(within(dialog).getByLabelText('报废数'), '{selectall}7');
    await user.click(within(dialog).getByRole('button', { name: twoChars('确定') }));
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `${M}/scrap`, { date: '2026-11-22', shift: '夜班', count: 7 }]]));
  });
});
