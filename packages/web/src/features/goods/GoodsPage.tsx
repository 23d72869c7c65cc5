import { type Goods, goodsResource } from '@gw/contracts';
import { ResourceTable } from '../../components/ResourceTable';
import { goodsColumns } from './goodsColumns';
import { GoodsForm } from './GoodsForm';

/**
 * 设备类型: the box products the vendor sells, with stock per type counted from the boxes. The server lets only
 * the vendor's staff write them and refuses to delete a type that boxes still have.
 */
export default function GoodsPage() {
  return <ResourceTable<Goods> descriptor={goodsResource} columns={goodsColumns} form={GoodsForm} formMode="drawer" />;
}
