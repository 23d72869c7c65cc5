import { LOGIN_REASON_TITLES, LOGIN_RESULT_OPTIONS, type LoginLog, optionLabel } from '@gw/contracts';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';

/** The list's columns; titles and sorters come from the descriptor. */
export const loginLogColumns: ColumnsType<LoginLog> = [
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'username', dataIndex: 'username' },
  { key: 'ip', dataIndex: 'ip' },
  {
    key: 'user_agent',
    dataIndex: 'user_agent',
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
    // the reason names why a failed attempt failed (密码错误, 账号已锁定, …)
    render: (success: boolean, row) => (
      <Tag color={success ? 'green' : 'red'}>
        {success ? optionLabel(LOGIN_RESULT_OPTIONS, true) : `${optionLabel(LOGIN_RESULT_OPTIONS, false)}: ${LOGIN_REASON_TITLES[row.reason] ?? row.reason}`}
      </Tag>
    ),
  },
];
