import { ACTION } from '@gw/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import DashboardPage from './DashboardPage';

const DAY = 86_400_000;
const expiring = (id: number, gateway_id: string, days: number) => ({ id, gateway_id, finger_print: `fp-${id}`, exp: new Date(Date.now() + days * DAY - 60_000).toISOString(), state: 'expiring' });
const both = [
  { menu: '/system/gen_license', action: ACTION.query },
  { menu: '/manager/goods', action: ACTION.query },
];

let calls: ApiCall[];
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  ({ calls, fetchMock } = mockApi({
    'GET /tools/downloads': () => ok([]),
    'GET /system/license': () => ({ ...ok([expiring(3, 'GW-003', 5), expiring(4, '', 20)]), count: 2 }),
    'GET /manager/goods': () => ({ ...ok([{ id: 3, name: '4G 网关', in_stock: 7, shipped: 12, total: 19 }]), count: 1 }),
  }));
});
afterEach(() => vi.unstubAllGlobals());

const cardOf = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('.ant-card')!;
const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('首页 for the vendor’s staff', { timeout: 60_000 }, () => {
  it('shows the licences about to end, nearest first with the days left, and the stock per device type', async () => {
    useUserStore.setState({ token: 't', info: userInfo({ scope: 'all', role_menu: both }) });
    renderInShell(<DashboardPage />, '/dashboard');
    const licences = within(await cardOf('即将到期的授权'));
    const first = (await licences.findByText('GW-003')).closest('tr')!;
    expect(cells(first).at(-1)).toBe('5 天');
    // a licence without a box is named by its fingerprint
    expect(cells(licences.getByText('fp-4').closest('tr')!).at(-1)).toBe('20 天');
    expect(licences.getByText('查看全部').closest('a')).toHaveAttribute('href', '/system/gen_license?state=expiring');
    const query = lastGet(fetchMock, '/system/license')!;
    expect([query.get('state'), query.get('sort'), query.get('limit')]).toEqual(['expiring', 'exp', '10']);

    const stock = within(await cardOf('库存'));
    expect([...stock.getByRole('table').querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['设备类型', '在库', '已出货', '总数']);
    expect(cells((await stock.findByText('4G 网关')).closest('tr')!)).toEqual(['4G 网关', '7', '12', '19']);
  });

  it('shows each panel only with 查询 on its page', async () => {
    useUserStore.setState({ token: 't', info: userInfo({ scope: 'all', role_menu: [both[1]] }) });
    renderInShell(<DashboardPage />, '/dashboard');
    await cardOf('库存');
    expect(screen.queryByText('即将到期的授权')).toBeNull();
    expect(calls.some((c) => c.path === '/system/license')).toBe(false);
  });

  it('shows neither to a customer’s users, whatever their grants', async () => {
    useUserStore.setState({ token: 't', info: userInfo({ role_menu: both }) });
    renderInShell(<DashboardPage />, '/dashboard');
    await screen.findByText('暂无可下载的文件');
    expect(screen.queryByText('即将到期的授权')).toBeNull();
    expect(screen.queryByText('库存')).toBeNull();
    expect(calls.some((c) => c.path === '/system/license' || c.path === '/manager/goods')).toBe(false);
  });
});
