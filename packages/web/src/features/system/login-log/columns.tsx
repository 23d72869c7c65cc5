import { LOGIN_REASON_TITLES, type LoginLog } from '@gw/contracts';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../../utils/format';
import { M } from './messages';

export const loginLogColumns: ColumnsType<LoginLog> = [
  { key: 'created_at', dataIndex: 'created_at', title: M.time, sorter: true, render: (time: string) => parseTime(time) },
  { key: 'company_name', dataIndex: 'company_name', title: M.company },
  { key: 'username', dataIndex: 'username', title: M.username, sorter: true },
  { key: 'ip', dataIndex: 'ip', title: M.ip },
  {
    key: 'user_agent',
    dataIndex: 'user_agent',
    title: M.userAgent,
    width: 320,
    ellipsis: { showTitle: false },
    render: (agent: string) => (
      <Tooltip title={agent} placement="topLeft">
        {agent}
      </Tooltip>
    ),
  },
  {
    key: 'success',
    dataIndex: 'success',
    title: M.result,
    // the reason names why a failed attempt failed (密码错误, 账号已锁定, …)
    render: (success: boolean, row) => (
      <Tag color={success ? 'green' : 'red'}>{success ? M.success : `${M.failure}: ${LOGIN_REASON_TITLES[row.reason] ?? row.reason}`}</Tag>
    ),
  },
];
