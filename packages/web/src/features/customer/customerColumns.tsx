import { type Customer, customerResource, labelOf, parseAddress } from '@gw/contracts';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { areaLabel } from '../../utils/dictionary';
import { parseTime } from '../../utils/format';
import { M } from './messages';

/** The list's columns; their titles are the descriptor's labels. */
export const customerColumns: ColumnsType<Customer> = [
  {
    key: 'company_name',
    dataIndex: 'company_name',
    render: (name: string, row) => (
      <Space size={4}>
        {name}
        {row.is_vendor && <Tag color="gold">{labelOf(customerResource, 'is_vendor')}</Tag>}
      </Space>
    ),
  },
  { key: 'name', dataIndex: 'name' },
  { key: 'contact', dataIndex: 'contact' },
  { key: 'phone', dataIndex: 'phone' },
  { key: 'area_id', dataIndex: 'area_id', render: (id: number) => areaLabel(id) },
  { key: 'address', dataIndex: 'address', render: (address: string) => parseAddress(address).address },
  // the company's own boxes and users, not its subsidiaries'
  { key: 'device_count', dataIndex: 'device_count', align: 'right' },
  { key: 'user_count', dataIndex: 'user_count', align: 'right' },
  {
    key: 'remote_approval',
    dataIndex: 'remote_approval',
    render: (required: boolean) => (required ? <Tag color="orange">{M.approvalRequired}</Tag> : <Tag>{M.approvalFree}</Tag>),
  },
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
];
