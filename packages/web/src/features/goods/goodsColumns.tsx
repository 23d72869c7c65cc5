import { type Goods, optionLabel } from '@gw/contracts';
import { Image, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { imageUrl } from '../../utils/image';
import { parseTime } from '../../utils/format';
import { ENABLED_OPTIONS } from './goodsOptions';

/**
 * The list's columns; their titles are the descriptor's labels. The price is shown as the server keeps it (an
 * exact decimal string); 在库, 已出货 and 总数 are counted by the server from the boxes of each type.
 */
export const goodsColumns: ColumnsType<Goods> = [
  { key: 'image', dataIndex: 'image', width: 72, render: (url: string) => url && <Image src={imageUrl(url)} width={40} height={40} style={{ objectFit: 'cover' }} /> },
  { key: 'name', dataIndex: 'name' },
  { key: 'code', dataIndex: 'code' },
  { key: 'spec', dataIndex: 'spec' },
  { key: 'price', dataIndex: 'price', align: 'right' },
  { key: 'in_stock', dataIndex: 'in_stock', align: 'right' },
  { key: 'shipped', dataIndex: 'shipped', align: 'right' },
  { key: 'total', dataIndex: 'total', align: 'right' },
  {
    key: 'enabled',
    dataIndex: 'enabled',
    render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{optionLabel(ENABLED_OPTIONS, enabled)}</Tag>,
  },
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
];
