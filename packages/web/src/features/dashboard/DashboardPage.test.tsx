import { ACTION, DEVICE_PATH, MACHINE_MENU } from '@gw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import DashboardPage from './DashboardPage';

const company = {
  id: 7, parent_id: null, company_name: '华东精机', name: '华东', uscc: '', bank: '', bankno: '', area_id: 0,
  address: '上海市浦东新区|121.5|31.2', contact: '李工', phone: '', remark: '', is_vendor: false,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

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

describe('dashboard home', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', info: userInfo({ customer_id: 7, email: 'zhang@example.com' }), roles: ['operator'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the company, the user and the files administrators published', async () => {
    mockApi({
      'GET /user/custom_info': () => ok(company),
      'GET /tools/downloads': () => ok([{ title: 'VPN 配置文件', url: '/custom/uploads/vpn.ovpn', description: 'OpenVPN' }]),
    });
    renderPage();
    expect(await screen.findByText('华东精机')).toBeInTheDocument();
    expect(screen.getByText('张三')).toBeInTheDocument();
    expect(screen.getByText('上海市浦东新区')).toBeInTheDocument();
    expect(await screen.findByText('VPN 配置文件')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /下载/ })).toHaveAttribute('href', '/custom/uploads/vpn.ovpn');
  });

  it('does not ask for a company the user does not have, and offers no company dialog', async () => {
    useUserStore.setState({ info: userInfo({ customer_id: null }) });
    const { calls } = mockApi({ 'GET /tools/downloads': () => ok([]) });
    renderPage();
    expect(await screen.findByText('暂无可下载的文件')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑公司信息' })).toBeNull();
    expect(calls.some((c) => c.path === '/user/custom_info')).toBe(false);
  });

  it('saves the profile and refuses a password change without the old password or a matching confirmation', async () => {
    const { calls } = mockApi({
      'GET /user/custom_info': () => ok(company),
      'GET /tools/downloads': () => ok([]),
      'PUT /user/info': (body) => ok(userInfo({ customer_id: 7, ...(body as object) })),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '编辑个人信息' }));
    const name = await screen.findByLabelText('姓名');
    await user.clear(name);
    await user.type(name, '张工');
    await user.type(screen.getByLabelText('新密码'), 'new-secret');
    await user.type(screen.getByLabelText('确认新密码'), 'other');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'new-secret');
    await user.type(screen.getByLabelText('原密码'), 'old-secret');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: '张工', old_password: 'old-secret', password: 'new-secret' }));
    await waitFor(() => expect(useUserStore.getState().info?.name).toBe('张工'));
  }, 60_000);
});

describe('dashboard layout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stacks a factory user's cards state and alarms first, then output and trends, then boxes, company and downloads", async () => {
    useUserStore.setState({
      token: 't',
      info: userInfo({ customer_id: 7, role_menu: [{ menu: MACHINE_MENU, action: ACTION.query }, { menu: DEVICE_PATH, action: ACTION.query }] }),
    });
    mockApi({
      'GET /tools/downloads': () => ok([]),
      'GET /user/custom_info': () => ok(company),
      'GET /device/device/stats': () => ok([]),
      'GET /device/machine/states': () => ok({ running: 0, idle: 0, alarm: 0, offline: 0, total: 0 }),
      'GET /device/machine/alarms/today': () => ok({ total: 0, active: 0, items: [] }),
      'GET /device/machine/output/today': () => ok({ machines: 0, parts: 0, run_s: 0, planned_s: 0, utilisation: 0, items: [] }),
      'GET /device/machine/trends': () => ok({ days: [] }),
    });
    const { container } = renderPage();
    await screen.findByText('华东精机');
    const cells = [...container.querySelectorAll('[data-testid^="cell-"]')];
    expect(cells.map((cell) => cell.getAttribute('data-testid'))).toEqual([
      'cell-machine-states',
      'cell-today-alarms',
      'cell-output-today',
      'cell-trends',
      'cell-device-stats',
      'cell-company',
      'cell-downloads',
    ]);
    // side by side on a wide screen, each row's cards add up to the whole width: no hole beside a card
    const spans = cells.map((cell) => Number(/ant-col-xl-(\d+)/.exec(cell.className)?.[1]));
    expect(spans).toEqual([9, 15, 10, 14, 24, 16, 8]);
  });
});
