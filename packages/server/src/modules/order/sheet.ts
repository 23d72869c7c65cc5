import { ORDER_STATUS_TITLES, type buyOrderResource, type sellOrderResource } from '@gw/contracts';
import type { ItemRow, SheetColumn } from '../../http/resource/types.js';
import { zoneTime } from '../../lib/platform-zone.js';

type OrderColumn = SheetColumn<ItemRow<typeof buyOrderResource | typeof sellOrderResource>>;

/** The export's columns of either kind, with the party's column (供应商 or 客户) after the date. */
export function orderSheet(party: OrderColumn): OrderColumn[] {
  return [
    { key: 'order_no', width: 18 },
    { key: 'order_date', width: 12 },
    party,
    { key: 'status', value: (row) => ORDER_STATUS_TITLES[row.status] },
    { key: 'quantity' },
    { key: 'amount', width: 14 },
    { key: 'operator', width: 14 },
    { key: 'confirmed_at', width: 20, value: (row) => zoneTime(row.confirmed_at) },
    { key: 'remark', width: 30 },
    { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
  ];
}
