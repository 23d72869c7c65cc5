import type { OperationLog } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../../utils/format';
import { ACTIONS, M } from './messages';

export const logColumns: ColumnsType<OperationLog> = [
  { key: 'created_at', dataIndex: 'created_at', title: M.time, sorter: true, render: (time: string) => parseTime(time) },
  {
    key: 'action',
    dataIndex: 'action',
    title: M.action,
    render: (action: number) => <Tag color={ACTIONS[action]?.color}>{ACTIONS[action]?.label ?? action}</Tag>,
  },
  { key: 'table_title', dataIndex: 'table_title', title: M.table },
  { key: 'record_id', dataIndex: 'record_id', title: M.record },
  { key: 'username', dataIndex: 'username', title: M.username },
  { key: 'ip', dataIndex: 'ip', title: M.ip },
];
