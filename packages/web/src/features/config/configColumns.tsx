import { type ConfigItem, YES_NO_OPTIONS, configResource, labelOf, optionLabel } from '@gw/contracts';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import { M } from './messages';
import { configValueSummary } from './valueSummary';

/** The list's columns; titles and sorters come from the descriptor. */
export const configColumns: ColumnsType<ConfigItem> = [
  {
    key: 'key',
    dataIndex: 'key',
    render: (key: string, row) => (
      <Space size={4}>
        <Typography.Text code>{key}</Typography.Text>
        {row.builtin && <Tag color="gold">{labelOf(configResource, 'builtin')}</Tag>}
      </Space>
    ),
  },
  {
    key: 'value',
    dataIndex: 'value',
    ellipsis: true,
    width: 320,
    // what the value says, not its JSON: the form shows the whole of it
    render: (value: string, row) => configValueSummary(row.key, value) || <Typography.Text type="secondary">{M.unset}</Typography.Text>,
  },
  { key: 'description', dataIndex: 'description', ellipsis: true },
  {
    key: 'public',
    dataIndex: 'public',
    render: (open: boolean) => <Tag color={open ? 'green' : 'default'}>{optionLabel(YES_NO_OPTIONS, open)}</Tag>,
  },
  { key: 'updated_at', dataIndex: 'updated_at', render: (time: string) => parseTime(time) },
];
