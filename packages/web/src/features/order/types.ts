import type { BuyOrder, ResourceDescriptor, SellOrder } from '@gw/contracts';
import type { ReactNode } from 'react';
import type { RowAction } from '../../components/ResourceTable';

/** An order of either kind: what the shared page reads of both. */
export type Order = BuyOrder | SellOrder;

/** The other side of an order: who the boxes come from (进货: 供应商, typed) or go to (出货: 客户, a company). */
export interface OrderParty<T extends Order> {
  /** The form's and the body's field: supplier or customer_id. */
  field: 'supplier' | 'customer_id';
  /** The field the list and 基本信息 show it by: supplier or company_name. */
  shown: 'supplier' | 'company_name';
  /** The form's input for it (a Form.Item named `field`). */
  input: ReactNode;
  /** Its value as 基本信息 shows it. */
  show?: (order: T) => ReactNode;
}

/**
 * What makes 进货管理 and 出货管理 differ on the one order page: the descriptor, the other side, the row actions of
 * a confirmed order (下载设备身份 | 送货单), and whether its boxes may come back one by one (退货) from its 明细.
 */
export interface OrderKind<T extends Order> {
  descriptor: ResourceDescriptor<T>;
  party: OrderParty<T>;
  rowActions: RowAction<T>[];
  returnable: boolean;
}
