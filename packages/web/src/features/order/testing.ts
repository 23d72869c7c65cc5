import type { BuyOrder, OrderLine, SellOrder } from '@gw/contracts';
import { ok } from '../../test/mockApi';

export const BUY = '/manager/buy_order';
export const SELL = '/manager/sell_order';

export const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  id: 11, goods_id: 3, goods_name: '4G 网关', quantity: 2, unit_price: '1280.10', amount: '2560.20', serials: ['GW-001', 'GW-002'],
  ...overrides,
});

const common = {
  order_date: '2026-11-20', remark: '', quantity: 2, amount: '2560.20', operator_id: 1, operator: '管理员', confirmed_at: null,
  created_at: '2026-11-20T02:00:00Z', updated_at: '2026-11-20T02:00:00Z', lines: [line()],
};

/** A buy order as the API answers it: a draft unless told. */
export const buyOrder = (overrides: Partial<BuyOrder> = {}): BuyOrder => ({
  id: 1, order_no: 'JH20261120001', supplier: '深圳工厂', status: 'draft', identities_ready: false, ...common, ...overrides,
});

export const sellOrder = (overrides: Partial<SellOrder> = {}): SellOrder => ({
  id: 1, order_no: 'CH20261120001', customer_id: 8, company_name: '华东一厂', status: 'draft', ...common, ...overrides,
});

/** What the order pages read besides their own list: the types (with prices) and the customers a sale may go to. */
export const around = {
  'GET /manager/goods/options': () =>
    ok([
      { id: 3, name: '4G 网关', code: '4G', price: '1280.10' },
      { id: 4, name: '边缘网关', code: 'EDGE', price: '0.10' },
    ]),
  'GET /manager/custom/tree': () => ok([{ id: 7, label: '华东精机', children: [{ id: 8, label: '华东一厂' }] }]),
  'GET /manager/sell_order/companies': () => ok([{ id: 7, company_name: '华东精机' }, { id: 8, company_name: '华东一厂' }]),
};

/** A refusal as the server words it: HTTP 200, body code 300. */
export const refused = (message: string) => ({ code: 300, message, data: null });

/** An xlsx answer. */
export const sheet = () => new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
