import type { OrderLine } from '@gw/contracts';
import type { LineValues } from './OrderLinesField';
import type { Order } from './types';

/** Record → form values: the lines as typed (goods_name kept to name the type until the options load). */
export function orderValues(order: Order): object {
  const lines: LineValues[] = (order.lines ?? []).map(({ goods_id, goods_name, quantity, unit_price, serials }: OrderLine) => ({
    goods_id,
    goods_name,
    quantity,
    unit_price,
    serials,
  }));
  return { ...order, lines };
}

/**
 * Form values → body: exactly what the write schema reads. A blank 单号 is left out (the server numbers it), the
 * other side under its field, each line's type, quantity, exact price and serials.
 */
export function orderBody(party: 'supplier' | 'customer_id') {
  return (values: Record<string, unknown>) => {
    const orderNo = typeof values.order_no === 'string' ? values.order_no.trim() : '';
    const lines = (values.lines as LineValues[] | undefined) ?? [];
    return {
      ...(orderNo ? { order_no: orderNo } : {}),
      [party]: values[party],
      order_date: values.order_date,
      remark: (values.remark as string | undefined) ?? '',
      lines: lines.map((line) => ({ goods_id: line.goods_id, quantity: line.quantity, unit_price: line.unit_price, serials: line.serials ?? [] })),
    };
  };
}
