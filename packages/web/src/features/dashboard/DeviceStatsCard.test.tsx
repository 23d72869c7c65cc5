import { ACTION } from '@gw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import DashboardPage from './DashboardPage';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <DashboardPage />
      </AntApp>
    </QueryClientProvider>,
  );
}

let calls: ReturnType<typeof mockApi>['calls'];
beforeEach(() => {
  calls = mockApi({
    'GET /tools/downloads': () => ok([]),
    'GET /device/device/stats': () =>
      ok([
        { goods_id: 3, goods_name: '4G 网关', total: 12, online: 9, offline: 3 },
        { goods_id: null, goods_name: '未分类', total: 2, online: 0, offline: 2 },
      ]),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('首页 设备统计信息', { timeout: 60_000 }, () => {
  it('shows the boxes per type, online and offline, to whoever may list boxes', async () => {
    useUserStore.setState({ token: 't', info: userInfo({ role_menu: [{ menu: '/device/device', action: ACTION.query }] }) });
    renderPage();
    const card = (await screen.findByText('设备统计信息')).closest<HTMLElement>('.ant-card')!;
    expect([...card.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['设备类型', '总数', '在线', '离线']);
    const row = (await within(card).findByText('4G 网关')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['4G 网关', '12', '9', '3']);
    expect(within(card).getByText('未分类')).toBeInTheDocument();
  });

  it('is not there, nor asked for, without 查询 on 网关设备', async () => {
    useUserStore.setState({ token: 't', info: userInfo() });
    renderPage();
    await screen.findByText('暂无可下载的文件');
    expect(screen.queryByText('设备统计信息')).toBeNull();
    expect(calls.some((c) => c.path === '/device/device/stats')).toBe(false);
  });
});
