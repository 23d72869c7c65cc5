import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goods } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import GoodsPage from './GoodsPage';

const P = '/manager/goods';
const gateway: Goods = {
  id: 1, name: '工业网关 G1', code: 'G1', spec: '4G / 双网口', price: '1280.00', image: '/custom/uploads/g1.png', description: '', enabled: true,
  in_stock: 7, shipped: 12, total: 19, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open')!;
const openDrawer = () => waitFor(() => expect(drawer()).not.toBeNull());

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok([gateway]), count: 1 }),
    [`GET ${P}/1`]: () => ok(gateway),
    [`POST ${P}`]: (body) => ok({ ...gateway, id: 2, ...(body as object) }),
    [`PUT ${P}/1`]: (body) => ok({ ...gateway, ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('设备类型', () => {
  it('lists each type with its exact price and the stock the server counted', async () => {
    renderInShell(<GoodsPage />, P);
    const row = (await screen.findByText('工业网关 G1')).closest('tr')!;
    expect(within(row).getByText('1280.00')).toBeInTheDocument();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['价格 (元)', '在库', '已出货', '总数']));
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(expect.arrayContaining(['7', '12', '19', '启用']));
  });

  it('sends a typed price as a string with two decimals, never a float', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<GoodsPage />, P);
    await screen.findByText('工业网关 G1');
    await user.click(screen.getByText(twoChars('新增')));
    await openDrawer();
    // the stock is counted, not typed
    for (const counted of ['在库', '已出货', '总数']) expect(within(drawer()).queryByLabelText(counted)).toBeNull();
    await user.click(within(drawer()).getByLabelText('名称'));
    await user.paste('边缘网关 E2');
    await user.click(within(drawer()).getByLabelText('编码'));
    await user.paste('E2');
    const price = within(drawer()).getByLabelText('价格 (元)');
    await user.clear(price);
    await user.type(price, '0.1');
    await user.tab();
    expect(price).toHaveValue('0.10');
    await user.click(within(drawer()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['POST', P, { name: '边缘网关 E2', code: 'E2', price: '0.10', enabled: true }]);
  });

  it('keeps a stored price exactly as it was when something else is edited', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<GoodsPage />, P);
    const row = (await screen.findByText('工业网关 G1')).closest('tr')!;
    await user.click(within(row).getByText(twoChars('编辑')));
    await openDrawer();
    expect(within(drawer()).getByLabelText('价格 (元)')).toHaveValue('1280.00');
    await user.click(within(drawer()).getByLabelText('规格'));
    await user.paste(' / WiFi');
    await user.click(within(drawer()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [, , body] = writes(calls)[0] as [string, string, Record<string, unknown>];
    expect(body).toMatchObject({ spec: '4G / 双网口 / WiFi', price: '1280.00', image: '/custom/uploads/g1.png' });
  });
});
