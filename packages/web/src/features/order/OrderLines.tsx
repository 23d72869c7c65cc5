import type { OrderLine } from '@gw/contracts';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { M } from './messages';
import { ReturnBoxButton } from './ReturnBoxButton';

interface Props {
  lines: OrderLine[];
  labels: Readonly<Record<string, string>>;
  /** A 退货 button per serial (a confirmed sell order, for whoever may move boxes). */
  returnable: boolean;
}

/** One line's serials, paged, each with 退货 when its box may come back. */
function LineSerials({ serials, returnable }: { serials: string[]; returnable: boolean }) {
  const rows = serials.map((serial) => ({ serial }));
  const columns: ColumnsType<{ serial: string }> = [
    { key: 'serial', dataIndex: 'serial', title: M.serials },
    ...(returnable ? [{ key: 'return', width: 80, render: (_: unknown, row: { serial: string }) => <ReturnBoxButton serial={row.serial} /> }] : []),
  ];
  return (
    <Table
      size="small"
      rowKey="serial"
      dataSource={rows}
      columns={columns}
      locale={{ emptyText: M.noSerials }}
      pagination={rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
    />
  );
}

/** 明细: the lines (type, quantity, price, amount), each opened on its serials. */
export function OrderLines({ lines, labels, returnable }: Props) {
  const columns: ColumnsType<OrderLine> = [
    { key: 'goods_name', dataIndex: 'goods_name', title: labels.goods_name },
    { key: 'quantity', dataIndex: 'quantity', title: labels.quantity, align: 'right' },
    { key: 'unit_price', dataIndex: 'unit_price', title: labels.unit_price, align: 'right' },
    { key: 'amount', dataIndex: 'amount', title: labels.amount, align: 'right' },
    { key: 'serials', dataIndex: 'serials', title: labels.serials, render: (serials: string[]) => serials.length },
  ];
  return (
    <Table<OrderLine>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={lines}
      columns={columns}
      expandable={{ defaultExpandAllRows: true, expandedRowRender: (line) => <LineSerials serials={line.serials} returnable={returnable} /> }}
    />
  );
}
