import type { DeviceTag } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';

/** The list's columns; their titles are the descriptor's labels. A tag shows as it does on the boxes: in its colour. */
export const tagColumns: ColumnsType<DeviceTag> = [
  { key: 'name', dataIndex: 'name', render: (name: string, tag) => <Tag color={tag.color}>{name}</Tag> },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'device_count', dataIndex: 'device_count', align: 'right' },
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
];
