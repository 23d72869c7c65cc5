import { type BuyOrder, buyOrderCreateSchema, buyOrderResource } from '@gw/contracts';
import { Form, Input } from 'antd';
import { toast } from '../../utils/notify';
import { zodRule } from '../../utils/form';
import { downloadIdentities, downloadReceiptNote } from './api';
import { M } from './messages';
import { orderPageOf } from './orderPageOf';
import type { OrderKind } from './types';

/**
 * 进货管理: boxes received from a supplier. Confirming puts each serial in stock as a new box; their identities
 * (设备ID and secret) are then downloaded once, after which the list no longer offers them; the 入库单 prints.
 */
const buy: OrderKind<BuyOrder> = {
  descriptor: buyOrderResource,
  party: {
    field: 'supplier',
    shown: 'supplier',
    input: (
      <Form.Item name="supplier" label={buyOrderResource.labels.supplier} validateFirst rules={[{ required: true, message: M.supplierRequired }, zodRule(buyOrderCreateSchema.shape.supplier)]}>
        <Input maxLength={100} />
      </Form.Item>
    ),
  },
  rowActions: [
    {
      key: 'identities',
      label: M.identities,
      permission: 'edit',
      visible: (order) => order.status === 'confirmed' && order.identities_ready,
      onClick: async (order, list) => {
        try {
          await downloadIdentities(order);
          toast.success(M.identitiesSaved);
        } finally {
          // downloaded, or refused as already downloaded: either way the list now says so
          list.refetch();
        }
      },
    },
    { key: 'receipt_note', label: M.receiptNote, visible: (order) => order.status !== 'cancelled', onClick: (order) => downloadReceiptNote(order) },
  ],
  returnable: false,
};

export default orderPageOf(buy);
