import { GOODS_PATH, type Goods } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';
import { M } from './messages';

/** The types a home panel lists; the vendor sells a handful. */
const SHOWN = 100;

const columns: ColumnsType<Goods> = [
  { key: 'name', dataIndex: 'name', title: M.stock.name },
  { key: 'in_stock', dataIndex: 'in_stock', title: M.stock.inStock, align: 'right' },
  { key: 'shipped', dataIndex: 'shipped', title: M.stock.shipped, align: 'right' },
  { key: 'total', dataIndex: 'total', title: M.stock.total, align: 'right' },
];

/** 库存: per device type, the boxes in stock, shipped and in all, as GET /manager/goods counts them. */
export function StockCard() {
  const goods = useQuery({
    queryKey: [...resourceKey(GOODS_PATH), 'stock'],
    queryFn: async () => (await request<Goods[]>({ url: GOODS_PATH, params: { limit: SHOWN } })).data ?? [],
  });
  return (
    <Card title={M.stock.title} extra={<Link to={GOODS_PATH}>{M.stock.all}</Link>}>
      <Table<Goods> rowKey="id" size="small" pagination={false} loading={goods.isPending} dataSource={goods.data} columns={columns} locale={{ emptyText: M.stock.empty }} />
    </Card>
  );
}
