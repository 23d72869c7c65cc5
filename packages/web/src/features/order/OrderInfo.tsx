import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { parseTime } from '../../utils/format';
import { StatusTag } from './orderColumns';
import { M } from './messages';
import type { Order, OrderKind } from './types';

/** 基本信息: the order's header fields and totals as GET {path}/{id} answered them. */
export function OrderInfo<T extends Order>({ order, kind }: { order: T; kind: OrderKind<T> }) {
  const { descriptor, party } = kind;
  const items: [string, ReactNode][] = [
    ['order_no', order.order_no],
    [party.shown, party.show ? party.show(order) : (order as Record<string, unknown>)[party.shown] as ReactNode],
    ['order_date', order.order_date],
    ['status', <StatusTag status={order.status} />],
    ['quantity', order.quantity],
    ['amount', order.amount],
    ['operator', order.operator],
    ['confirmed_at', parseTime(order.confirmed_at)],
    ['created_at', parseTime(order.created_at)],
    ['updated_at', parseTime(order.updated_at)],
    ...('identities_ready' in order && order.status === 'confirmed' ? [['identities_ready', order.identities_ready ? M.identitiesPending : M.identitiesDone] as [string, ReactNode]] : []),
    ['remark', order.remark],
  ];
  return (
    <Descriptions
      column={2}
      size="small"
      bordered
      items={items.map(([field, value]) => ({ key: field, label: descriptor.labels[field] ?? field, children: value, span: field === 'remark' ? 2 : 1 }))}
    />
  );
}
