import type { ConfigItem } from '@gw/contracts';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../../utils/format';
import { M } from './messages';

export const configColumns: ColumnsType<ConfigItem> = [
  {
    key: 'key',
    dataIndex: 'key',
    title: M.key,
    sorter: true,
    render: (key: string, row) => (
      <Space size={4}>
        <Typography.Text code>{key}</Typography.Text>
        {row.builtin && <Tag color="gold">{M.builtin}</Tag>}
      </Space>
    ),
  },
  { key: 'value', dataIndex: 'value', title: M.value, ellipsis: true, width: 320 },
  { key: 'description', dataIndex: 'description', title: M.description, ellipsis: true },
  {
    key: 'public',
    dataIndex: 'public',
    title: M.public,
    render: (open: boolean) => <Tag color={open ? 'green' : 'default'}>{open ? M.yes : M.no}</Tag>,
  },
  { key: 'updated_at', dataIndex: 'updated_at', title: M.updatedAt, sorter: true, render: (time: string) => parseTime(time) },
];
