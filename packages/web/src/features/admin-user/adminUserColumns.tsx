import { ENABLED_OPTIONS, type AdminUser, optionLabel } from '@gw/contracts';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';

const time = (value: string | null) => parseTime(value);

/** The list's columns; their titles are the descriptor's labels. */
export const adminUserColumns: ColumnsType<AdminUser> = [
  { key: 'username', dataIndex: 'username' },
  { key: 'name', dataIndex: 'name' },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'phone', dataIndex: 'phone' },
  { key: 'email', dataIndex: 'email' },
  {
    key: 'roles',
    dataIndex: 'roles',
    render: (roles: AdminUser['roles']) => (
      <Space size={[0, 4]} wrap>
        {roles.map((role) => (
          <Tag key={role.id} color="blue">
            {role.name}
          </Tag>
        ))}
      </Space>
    ),
  },
  {
    key: 'enabled',
    dataIndex: 'enabled',
    render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'red'}>{optionLabel(ENABLED_OPTIONS, enabled)}</Tag>,
  },
  { key: 'last_login_at', dataIndex: 'last_login_at', render: time },
  { key: 'created_at', dataIndex: 'created_at', render: time },
];
