import { SELL_ORDER_COMPANIES_URL, type SellOrder, sellOrderResource } from '@gw/contracts';
import { Form } from 'antd';
import { RemoteSelect } from '../../components/RemoteSelect';
import { downloadDeliveryNote } from './api';
import { M } from './messages';
import { orderPageOf } from './orderPageOf';
import type { OrderKind } from './types';

/**
 * 出货管理: boxes shipped to a customer of the caller's tree. Confirming moves each serial from stock to the
 * customer; the 送货单 goes with the boxes, and a shipped box may come back (退货) from the order's 明细.
 */
const sell: OrderKind<SellOrder> = {
  descriptor: sellOrderResource,
  party: {
    field: 'customer_id',
    shown: 'company_name',
    input: (
      <Form.Item name="customer_id" label={sellOrderResource.labels.customer_id} rules={[{ required: true, message: M.customerRequired }]}>
        {/* the customers from 出货's own route: its users need not hold 客户管理 */}
        <RemoteSelect url={SELL_ORDER_COMPANIES_URL} labelField="company_name" placeholder={M.customerRequired} />
      </Form.Item>
    ),
  },
  rowActions: [{ key: 'delivery_note', label: M.deliveryNote, visible: (order) => order.status !== 'cancelled', onClick: (order) => downloadDeliveryNote(order) }],
  returnable: true,
};

export default orderPageOf(sell);
