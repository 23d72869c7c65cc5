import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTION, type SellOrder } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { dialog, recordDownloads, twoChars, writes } from '../../test/ui';
import dayjs from '../../utils/dayjs';
import SellOrderPage from './SellOrderPage';
import { SELL, around, line, sellOrder, sheet } from './testing';

type User = ReturnType<typeof userEvent.setup>;
const DEVICES = '/device/device';
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const drawerTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer')!;
const pick = async (user: User, text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content, .ant-select-tree-title' });
  await user.click(options.at(-1)!);
};

let orders: SellOrder[];
let saved: string[];
let calls: ApiCall[];
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];

beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  orders = [
    sellOrder(),
    sellOrder({ id: 2, order_no: 'CH20261120002', status: 'confirmed', confirmed_at: '2026-11-20T03:00:00Z', lines: [line({ serials: ['GW-001', 'GW-002'] })] }),
    sellOrder({ id: 3, order_no: 'CH20261120003', status: 'cancelled' }),
  ];
  ({ calls, fetchMock } = mockApi({
    ...around,
    [`GET ${SELL}`]: () => ({ ...ok(orders), count: orders.length }),
    [`GET ${SELL}/1`]: () => ok(orders[0]),
    [`GET ${SELL}/2`]: () => ok(orders[1]),
    [`POST ${SELL}`]: (body) => ok({ ...sellOrder({ id: 9 }), ...(body as object) }),
    [`GET ${SELL}/2/delivery_note`]: () => sheet(),
    // the keywords match any part of the ID: GW-0010 comes too
    [`GET ${DEVICES}`]: () => ({ ...ok([{ id: 20, gateway_id: 'GW-0010' }, { id: 21, gateway_id: 'GW-001' }]), count: 2 }),
    [`POST ${DEVICES}/return`]: () => ({ ...ok(null), message: '已退货 1 台设备' }),
  }));
  saved = recordDownloads().names;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('出货管理', { timeout: 60_000 }, () => {
  it('lists the orders by customer, searchable by 客户 and status', async () => {
    renderInShell(<SellOrderPage />, SELL);
    await screen.findByText('CH20261120001');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
    expect(headers.slice(0, 3)).toEqual(['单号', '客户', '日期']);
    expect(within(rowOf('CH20261120001')).getByText('华东一厂')).toBeInTheDocument();
    const search = within(document.querySelector<HTMLElement>('form.ant-form-inline')!);
    expect(search.getByLabelText('状态')).toBeInTheDocument();
    expect(search.getByLabelText('客户')).toBeInTheDocument();
    expect(within(rowOf('CH20261120002')).queryByText(twoChars('编辑'))).toBeNull();
  });

  it('sends a new order to a customer picked among the companies of its scope, exactly', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<SellOrderPage />, SELL);
    await screen.findByText('CH20261120001');
    await user.click(screen.getByText(twoChars('新增')));
    const form = await drawerTitled('新增出货单');
    await user.click(within(form).getByLabelText('客户'));
    await pick(user, '华东一厂');
    await user.click(within(form).getByLabelText('设备类型 1'));
    await pick(user, '4G 网关');
    await waitFor(() => expect(within(form).getByLabelText('单价 (元) 1')).toHaveValue('1280.10'));
    // only the types in use are offered
    expect(lastGet(fetchMock, '/manager/goods/options')?.get('enabled')).toBe('true');
    await user.click(within(form).getByLabelText('序列号 1'));
    await user.click(within(dialog()).getByLabelText('序列号'));
    await user.paste('GW-001');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await user.click(within(form).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'POST',
      SELL,
      { customer_id: 8, order_date: dayjs().format('YYYY-MM-DD'), remark: '', lines: [{ goods_id: 3, quantity: 1, unit_price: '1280.10', serials: ['GW-001'] }] },
    ]);
  });

  it('downloads the 送货单 of an order', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<SellOrderPage />, SELL);
    await screen.findByText('CH20261120002');
    expect(within(rowOf('CH20261120003')).queryByText('送货单')).toBeNull();
    await user.click(within(rowOf('CH20261120002')).getByText('送货单'));
    await waitFor(() => expect(saved).toEqual(['送货单-CH20261120002.xlsx']));
  });

  it('takes one shipped box back (退货) from a confirmed order’s 明细: the box with exactly that 设备ID, with the remark', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<SellOrderPage />, SELL);
    await screen.findByText('CH20261120002');
    await user.click(within(rowOf('CH20261120002')).getByText(twoChars('详情')));
    const drawer = await drawerTitled('出货单: CH20261120002');
    expect(within(drawer).getByText('华东一厂')).toBeInTheDocument();
    await user.click(within(drawer).getByText('明细'));
    const serial = (await within(drawer).findByText('GW-001')).closest('tr')!;
    await user.click(within(serial).getByText(twoChars('退货')));
    await user.click(within(dialog()).getByLabelText('备注'));
    await user.paste('客户退回');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${DEVICES}/return`, { ids: [21], remark: '客户退回' }]]));
    expect(lastGet(fetchMock, DEVICES)?.get('keywords')).toBe('GW-001');
    expect(await screen.findByText('已退货 1 台设备')).toBeInTheDocument();
  });

  it('offers 退货 only to whoever may move boxes (设备的 分配客户 bit)', async () => {
    const user = userEvent.setup({ delay: null });
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: SELL, action: ACTION.query | ACTION.edit }] }) });
    renderInShell(<SellOrderPage />, SELL);
    await screen.findByText('CH20261120002');
    await user.click(within(rowOf('CH20261120002')).getByText(twoChars('详情')));
    const drawer = await drawerTitled('出货单: CH20261120002');
    await user.click(within(drawer).getByText('明细'));
    expect(await within(drawer).findByText('GW-001')).toBeInTheDocument();
    expect(within(drawer).queryByText(twoChars('退货'))).toBeNull();
  });
});
