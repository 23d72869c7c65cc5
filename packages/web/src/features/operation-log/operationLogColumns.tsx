import type { OperationLog } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import { ACTIONS } from './messages';

/** The list's columns; titles and sorters come from the descriptor. */
export const operationLogColumns: ColumnsType<OperationLog> = [
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  {
    key: 'action',
    dataIndex: 'action',
    render: (action: number) => <Tag color={ACTIONS[action]?.color}>{ACTIONS[action]?.label ?? action}</Tag>,
  },
  { key: 'table_title', dataIndex: 'table_title' },
  { key: 'record_id', dataIndex: 'record_id' },
  { key: 'username', dataIndex: 'username' },
  { key: 'ip', dataIndex: 'ip' },
];
