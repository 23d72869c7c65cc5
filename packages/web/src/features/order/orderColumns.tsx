import { ORDER_STATUS_TITLES, type OrderStatus } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import type { Order } from './types';

/** 草稿 blue, 已确认 green, 已取消 grey. */
const STATUS_COLORS: Record<OrderStatus, string | undefined> = { draft: 'blue', confirmed: 'green', cancelled: undefined };

export const StatusTag = ({ status }: { status: OrderStatus }) => <Tag color={STATUS_COLORS[status]}>{ORDER_STATUS_TITLES[status]}</Tag>;

/** The list's columns, the other side (供应商 | 客户) second; titles from the descriptor's labels. */
export function orderColumns<T extends Order>(party: 'supplier' | 'company_name'): ColumnsType<T> {
  return [
    { key: 'order_no', dataIndex: 'order_no' },
    { key: party, dataIndex: party },
    { key: 'order_date', dataIndex: 'order_date' },
    { key: 'quantity', dataIndex: 'quantity', align: 'right' },
    { key: 'amount', dataIndex: 'amount', align: 'right' },
    { key: 'status', dataIndex: 'status', render: (status: OrderStatus) => <StatusTag status={status} /> },
    { key: 'operator', dataIndex: 'operator' },
    { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  ];
}
