import { ACTION, MACHINE_MENU, type MachineTrends } from '@gw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_COLORS } from '../../components/Chart/theme';
import { useUserStore } from '../../stores/user';
import { drawableCharts } from '../../test/chart';
import { lastGet } from '../../components/ResourceTable/testing';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { TrendsCard } from './TrendsCard';

const TRENDS = '/device/machine/trends';

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}

const day = (date: string, parts: number, utilisation: number, alarms: number) => ({ date, machines: 4, parts, run_s: 0, planned_s: 0, utilisation, alarms });

drawableCharts(900, 300);
let trends: MachineTrends;
let fetchMock: Mock;
beforeEach(() => {
  useUserStore.setState({ token: 't', info: userInfo({ customer_id: 7, role_menu: [{ menu: MACHINE_MENU, action: ACTION.query }] }) });
  trends = {
    days: [
      day('2026-11-22', 0, 0, 0),
      day('2026-11-23', 120, 0.4567, 3),
      day('2026-11-24', 340, 0.82, 1),
      day('2026-11-25', 310, 0.8, 0),
      day('2026-11-26', 295, 0.79, 2),
      day('2026-11-27', 360, 0.851, 5),
      day('2026-11-28', 80, 0.6, 1),
    ],
  };
  ({ fetchMock } = mockApi({ [`GET ${TRENDS}`]: () => ok(trends) }));
});
afterEach(() => vi.unstubAllGlobals());

describe('首页 近 7 日趋势', { timeout: 60_000 }, () => {
  it('asks for 7 days and draws parts with 稼动率 and the alarms of each day, each chart named with its figures', async () => {
    renderWithClient(<TrendsCard />);
    const card = (await screen.findByText('近 7 日趋势', { selector: '.ant-card-head-title' })).closest<HTMLElement>('.ant-card')!;
    const output = await within(card).findByRole('img', { name: /^近 7 日每日产量与稼动率/ });
    expect(output).toHaveAccessibleName(/11-23 120 件 45\.7%.*11-28 80 件 60%$/);
    expect(within(card).getByRole('img', { name: /^近 7 日每日报警数/ })).toHaveAccessibleName(/11-22 0 条, 11-23 3 条.*11-28 1 条$/);
    expect(lastGet(fetchMock, TRENDS)?.get('days')).toBe('7');
    // the alarms are drawn in the colour of 报警
    await waitFor(() => expect(card.querySelector(`svg [fill="${STATE_COLORS.alarm}"]`)).not.toBeNull());
  });
});
