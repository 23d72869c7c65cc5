import type { AdminUser } from '@gw/contracts';
import { ResourceTable } from '../../../components/ResourceTable';
import { ADMIN_USER_PATH, COMPANIES_URL, COMPANY_LIMIT, useRoleOptions } from './api';
import { adminUserColumns } from './columns';
import { AdminUserForm, adminUserBody, adminUserValues } from './Form';
import { ENABLED_OPTIONS, M } from './messages';

/**
 * 管理员: users with their company and roles. The server keeps a customer's administrator to its own subtree
 * and to the roles it holds; the company and role choices here come from the routes that apply those limits.
 */
export default function AdminUserPage() {
  const roles = useRoleOptions();
  return (
    <ResourceTable<AdminUser>
      resource={ADMIN_USER_PATH}
      title={M.title}
      columns={adminUserColumns}
      form={AdminUserForm}
      toFormValues={adminUserValues}
      toBody={adminUserBody}
      defaultSort="-id"
      // users are exported, not imported: the sheet names companies and roles, and holds no passwords
      actions={{ import: false }}
      filters={[
        { name: 'customer_id', label: M.company, type: 'remote', remote: { url: COMPANIES_URL, labelField: 'company_name', limit: COMPANY_LIMIT } },
        { name: 'role_id', label: M.roles, type: 'select', options: roles },
        { name: 'enabled', label: M.enabled, type: 'select', options: ENABLED_OPTIONS },
      ]}
    />
  );
}
