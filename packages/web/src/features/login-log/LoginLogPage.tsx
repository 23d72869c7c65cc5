import { type LoginLog, loginLogResource } from '@gw/contracts';
import { Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { loginLogColumns } from './loginLogColumns';
import { describeUserAgent } from './userAgent';

/** Shown for an agent naming no browser or system this console knows; the whole string is in the tooltip. */
const UNKNOWN_AGENT = '未知';

/** The browser and system a person reads (Chrome 126 / Windows 10), the whole User-Agent on hover. */
const renderAgent = (agent: string) => (
  <Tooltip title={agent || undefined} placement="topLeft">
    <span>{describeUserAgent(agent) || UNKNOWN_AGENT}</span>
  </Tooltip>
);

const columns: ColumnsType<LoginLog> = loginLogColumns.map((column) => (column.key === 'user_agent' ? { ...column, width: 200, render: renderAgent } : column));

/** 登录日志: every login attempt, read-only; filtered by dates, result and user; exportable (the sheet keeps the whole agent). */
export default function LoginLogPage() {
  return <ResourceTable<LoginLog> descriptor={loginLogResource} columns={columns} filters={filtersFrom(loginLogResource, { success: { width: 120 } })} />;
}
