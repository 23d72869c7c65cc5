import { type LoginLog, loginLogResource } from '@gw/contracts';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { loginLogColumns } from './loginLogColumns';

/** 登录日志: every login attempt, read-only; filtered by dates, result and user; exportable. */
export default function LoginLogPage() {
  return <ResourceTable<LoginLog> descriptor={loginLogResource} columns={loginLogColumns} filters={filtersFrom(loginLogResource, { success: { width: 120 } })} />;
}
