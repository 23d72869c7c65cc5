import type { LoginLog } from '@gw/contracts';
import { ResourceTable } from '../../../components/ResourceTable';
import { loginLogColumns } from './columns';
import { M, RESULT_OPTIONS } from './messages';

/** 登录日志: every login attempt, read-only; filtered by dates, result and user; exportable. */
export default function LoginLogPage() {
  return (
    <ResourceTable<LoginLog>
      resource="/system/login_log"
      title={M.title}
      columns={loginLogColumns}
      defaultSort="-created_at"
      actions={{ add: false, edit: false, delete: false, import: false }}
      filters={[
        { name: 'success', label: M.result, type: 'select', options: RESULT_OPTIONS, width: 120 },
        { name: 'username', label: M.username, type: 'text' },
      ]}
    />
  );
}
