import { type AdminUser, adminUserResource } from '@gw/contracts';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { useRoleOptions } from './api';
import { adminUserColumns } from './adminUserColumns';
import { AdminUserForm, adminUserBody, adminUserValues } from './AdminUserForm';

/**
 * 管理员: users with their company and roles (its dialogs, from the descriptor, are 新增用户 / 编辑用户: the vendor's staff and customers' operators alike). The server keeps a customer's administrator to its own subtree
 * and to the roles it holds; the company and role choices here come from the routes that apply those limits.
 * Exported, never imported (the descriptor says so: the sheet names companies and roles, and holds no passwords).
 */
export default function AdminUserPage() {
  const roles = useRoleOptions().map(({ value, label }) => ({ value, label }));
  return (
    <ResourceTable<AdminUser>
      descriptor={adminUserResource}
      columns={adminUserColumns}
      form={AdminUserForm}
      toFormValues={adminUserValues}
      toBody={adminUserBody}
      // the roles route answers every grantable role at once, without a search: choose among them here
      filters={filtersFrom(adminUserResource, { role_id: { type: 'select', options: roles } })}
    />
  );
}
