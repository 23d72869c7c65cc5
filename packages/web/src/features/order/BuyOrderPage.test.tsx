import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyOrder } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, offersRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { dialog, recordDownloads, twoChars, writes } from '../../test/ui';
import dayjs from '../../utils/dayjs';
import BuyOrderPage from './BuyOrderPage';
import { BUY, around, buyOrder, refused, sheet } from './testing';

type User = ReturnType<typeof userEvent.setup>;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const drawerTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer')!;
/** Clicks an option of the select opened last (antd draws its dropdowns at the end of the page). */
const pick = async (user: User, text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
};

let orders: BuyOrder[];
let saved: string[];
let calls: ApiCall[];
const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === BUY).length;

beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  orders = [
    buyOrder(),
    buyOrder({ id: 2, order_no: 'JH20261120002', status: 'confirmed', identities_ready: true, confirmed_at: '2026-11-20T03:00:00Z' }),
    buyOrder({ id: 3, order_no: 'JH20261120003', status: 'cancelled' }),
  ];
  calls = mockApi({
    ...around,
    [`GET ${BUY}`]: () => ({ ...ok(orders), count: orders.length }),
    [`GET ${BUY}/1`]: () => ok(orders[0]),
    [`POST ${BUY}`]: (body) => ok({ ...buyOrder({ id: 9 }), ...(body as object) }),
    [`PUT ${BUY}/1`]: (body) => ok({ ...orders[0], ...(body as object) }),
    [`POST ${BUY}/1/confirm`]: () => refused('序列号 GW-001 已存在,不能入库'),
    [`POST ${BUY}/1/cancel`]: () => ({ ...ok(null), message: '已取消' }),
    [`GET ${BUY}/2/identities`]: () => {
      orders[1] = { ...orders[1], identities_ready: false };
      return sheet();
    },
  }).calls;
  saved = recordDownloads().names;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// a whole page with its drawer and dialogs: slow on a loaded 2-core machine
describe('进货管理', { timeout: 60_000 }, () => {
  it('lists the orders with their status tags; only a draft offers 编辑, 删除, 确认 and 取消', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['单号', '供应商', '日期', '数量', '金额 (元)', '状态', '操作人', '创建时间']));
    expect(within(rowOf('JH20261120001')).getByText('草稿')).toHaveClass('ant-tag-blue');
    expect(within(rowOf('JH20261120002')).getByText('已确认')).toHaveClass('ant-tag-green');
    expect(within(rowOf('JH20261120003')).getByText('已取消').className).not.toMatch(/ant-tag-(blue|green)/);
    expect(within(rowOf('JH20261120001')).getByText('2560.20')).toBeInTheDocument();
    for (const label of ['编辑', '删除', '确认', '取消']) expect(await offersRowAction(user, rowOf('JH20261120001'), twoChars(label))).toBe(true);
    for (const final of ['JH20261120002', 'JH20261120003']) {
      for (const label of ['编辑', '删除', '确认', '取消']) expect(await offersRowAction(user, rowOf(final), twoChars(label))).toBe(false);
      expect(within(rowOf(final)).getByText(twoChars('详情'))).toBeInTheDocument();
    }
    // the descriptor's filters: keywords, status and the date range
    const search = within(document.querySelector<HTMLElement>('form.ant-form-inline')!);
    expect(search.getByLabelText('状态')).toBeInTheDocument();
    expect(search.getByPlaceholderText('开始日期')).toBeInTheDocument();
  });

  /** Opens 新增进货单 and names the supplier. */
  async function newOrder(user: User) {
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    await user.click(screen.getByText(twoChars('新增')));
    const form = await drawerTitled('新增进货单');
    await user.click(within(form).getByLabelText('供应商'));
    await user.paste('深圳工厂');
    return form;
  }

  /** Fills line `n` (a new order starts with one; later ones are added) with `goods` (its price filled in) and `quantity` boxes. */
  async function addLine(user: User, form: HTMLElement, n: number, goods: string, quantity: string) {
    if (n > 1) await user.click(within(form).getByText('添加一行'));
    await user.click(within(form).getByLabelText(`设备类型 ${n}`));
    await pick(user, goods);
    await waitFor(() => expect(within(form).getByLabelText(`单价 (元) ${n}`)).not.toHaveValue(''));
    await user.clear(within(form).getByLabelText(`数量 ${n}`));
    await user.type(within(form).getByLabelText(`数量 ${n}`), quantity);
  }

  const sent = () => writes(calls)[0] as [string, string, { lines: unknown[] }];

  it('sends a new order exactly: the type’s price as 单价, serials typed one per line, and 3 × 1280.10 = 3840.30', async () => {
    const user = userEvent.setup({ delay: null });
    const form = await newOrder(user);
    expect(within(form).getByLabelText('单号')).toHaveAttribute('placeholder', '留空自动生成');
    // a new order starts with one line of one box
    expect(within(form).getByLabelText('数量 1')).toHaveValue('1');
    expect(within(form).queryByLabelText('数量 2')).toBeNull();
    await addLine(user, form, 1, '4G 网关', '3');
    expect(within(form).getByLabelText('单价 (元) 1')).toHaveValue('1280.10');
    await waitFor(() => expect(within(form).getByTestId('order-totals')).toHaveTextContent('数量: 3'));
    await waitFor(() => expect(within(form).getByTestId('order-totals')).toHaveTextContent('金额 (元): 3840.30'));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveTextContent('0/3'));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveClass('ant-typography-danger'));
    await user.click(within(form).getByLabelText('序列号 1'));
    await user.type(within(dialog()).getByLabelText('序列号'), 'GW-A1{Enter}GW-A2{Enter} GW-A3 {Enter}{Enter}');
    expect(within(dialog()).getByText('序列号 3 个,与数量一致')).toBeInTheDocument();
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveTextContent('3/3'));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).not.toHaveClass('ant-typography-danger'));

    await user.click(within(form).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'POST',
      BUY,
      {
        supplier: '深圳工厂',
        order_date: dayjs().format('YYYY-MM-DD'),
        remark: '',
        lines: [{ goods_id: 3, quantity: 3, unit_price: '1280.10', serials: ['GW-A1', 'GW-A2', 'GW-A3'] }],
      },
    ]);
  });

  it('takes a column pasted from Excel, flags a repeat until it is removed, and generates a run of the line’s quantity', async () => {
    const user = userEvent.setup({ delay: null });
    const form = await newOrder(user);
    await addLine(user, form, 1, '边缘网关', '5');
    await user.click(within(form).getByLabelText('序列号 1'));
    await user.click(within(dialog()).getByLabelText('序列号'));
    await user.paste('P-1\r\nP-2\r\nP-1\r\n');
    expect(within(dialog()).getByText('有重复的序列号: P-1')).toBeInTheDocument();
    expect(within(dialog()).getByText(twoChars('确定')).closest('button')).toBeDisabled();
    await user.click(within(dialog()).getByText('去除重复'));
    expect(within(dialog()).getByLabelText('序列号')).toHaveValue('P-1\nP-2');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveTextContent('2/5'));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveClass('ant-typography-danger'));

    await user.click(within(form).getByLabelText('序列号 1'));
    await user.click(within(dialog()).getByText(twoChars('清空')));
    await user.click(within(dialog()).getByLabelText('前缀'));
    await user.paste('GW2026');
    // the count starts at the line's quantity
    expect(within(dialog()).getByLabelText('数量')).toHaveValue('5');
    await user.click(within(dialog()).getByText('批量生成'));
    expect(within(dialog()).getByLabelText('序列号')).toHaveValue('GW20260001\nGW20260002\nGW20260003\nGW20260004\nGW20260005');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveTextContent('5/5'));
    await waitFor(() => expect(within(form).getByTestId('order-totals')).toHaveTextContent('金额 (元): 0.50'));

    await user.click(within(form).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(sent()[2].lines).toEqual([
      { goods_id: 4, quantity: 5, unit_price: '0.10', serials: ['GW20260001', 'GW20260002', 'GW20260003', 'GW20260004', 'GW20260005'] },
    ]);
  });

  it('edits a draft with its lines as stored and sends them back unchanged beside the change', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    await user.click(within(rowOf('JH20261120001')).getByText(twoChars('编辑')));
    const form = await drawerTitled('编辑进货单');
    expect(within(form).getByLabelText('单价 (元) 1')).toHaveValue('1280.10');
    await waitFor(() => expect(within(form).getByTestId('serials-count-1')).toHaveTextContent('2/2'));
    await waitFor(() => expect(within(form).getByTestId('order-totals')).toHaveTextContent('金额 (元): 2560.20'));
    await user.click(within(form).getByLabelText('备注'));
    await user.paste('加急');
    await user.click(within(form).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'PUT',
      `${BUY}/1`,
      {
        order_no: 'JH20261120001',
        supplier: '深圳工厂',
        order_date: '2026-11-20',
        remark: '加急',
        lines: [{ goods_id: 3, quantity: 2, unit_price: '1280.10', serials: ['GW-001', 'GW-002'] }],
      },
    ]);
  });

  it('confirms after the descriptor’s question and shows the server’s refusal naming the serial', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    await user.click(within(rowOf('JH20261120001')).getByText(twoChars('确认')));
    const question = await screen.findByText(/确认后设备将按明细入库或出库/);
    expect(writes(calls)).toEqual([]);
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${BUY}/1/confirm`, undefined]]));
    expect(await screen.findByText('序列号 GW-001 已存在,不能入库')).toBeInTheDocument();
  });

  it('cancels a draft after the descriptor’s question', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    await clickRowAction(user, rowOf('JH20261120001'), twoChars('取消'));
    const question = await screen.findByText(/取消后单据作废/);
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${BUY}/1/cancel`, undefined]]));
    expect(await screen.findByText('已取消', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('downloads the new boxes’ identities once: the file is saved, the list refreshes and the button is gone', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120002');
    expect(await offersRowAction(user, rowOf('JH20261120001'), '下载设备身份')).toBe(false);
    const before = listCalls();
    await user.click(within(rowOf('JH20261120002')).getByText('下载设备身份'));
    await waitFor(() => expect(saved).toEqual(['设备身份-JH20261120002.xlsx']));
    expect(calls.filter((c) => c.path === `${BUY}/2/identities`)).toHaveLength(1);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(within(rowOf('JH20261120002')).queryByText('下载设备身份')).toBeNull());
    expect(await offersRowAction(user, rowOf('JH20261120002'), '下载设备身份')).toBe(false);
  });

  it('says 已下载 when the server refuses a second download, saves nothing and refreshes the list', async () => {
    calls = mockApi({
      ...around,
      [`GET ${BUY}`]: () => ({ ...ok(orders), count: orders.length }),
      [`GET ${BUY}/2/identities`]: () => refused('已下载'),
    }).calls;
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120002');
    const before = listCalls();
    await user.click(within(rowOf('JH20261120002')).getByText('下载设备身份'));
    expect(await screen.findByText('已下载')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('prints the 入库单 of an order not cancelled', async () => {
    calls = mockApi({ ...around, [`GET ${BUY}`]: () => ({ ...ok(orders), count: orders.length }), [`GET ${BUY}/1/receipt_note`]: () => sheet() }).calls;
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    expect(await offersRowAction(user, rowOf('JH20261120003'), '入库单')).toBe(false);
    await clickRowAction(user, rowOf('JH20261120001'), '入库单');
    await waitFor(() => expect(saved).toEqual(['入库单-JH20261120001.xlsx']));
  });

  it('opens 详情 with 基本信息 and 明细 with each line’s serials', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<BuyOrderPage />, BUY);
    await screen.findByText('JH20261120001');
    await user.click(within(rowOf('JH20261120001')).getByText(twoChars('详情')));
    const drawer = await drawerTitled('进货单: JH20261120001');
    expect(within(drawer).getByText('深圳工厂')).toBeInTheDocument();
    expect(within(drawer).getByText('2560.20')).toBeInTheDocument();
    await user.click(within(drawer).getByText('明细'));
    expect(await within(drawer).findByText('GW-002')).toBeInTheDocument();
    expect(within(drawer).getByText('4G 网关')).toBeInTheDocument();
    expect(within(drawer).queryByText(twoChars('退货'))).toBeNull();
  });
});
