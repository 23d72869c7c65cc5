import type { AdminUser } from '@gw/contracts';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../../utils/format';
import { M } from './messages';

const time = (value: string | null) => parseTime(value);

export const adminUserColumns: ColumnsType<AdminUser> = [
  { key: 'username', dataIndex: 'username', title: M.username, sorter: true },
  { key: 'name', dataIndex: 'name', title: M.name, sorter: true },
  { key: 'company_name', dataIndex: 'company_name', title: M.company },
  { key: 'phone', dataIndex: 'phone', title: M.phone },
  { key: 'email', dataIndex: 'email', title: M.email },
  {
    key: 'roles',
    dataIndex: 'roles',
    title: M.roles,
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
    title: M.enabled,
    render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'red'}>{enabled ? M.on : M.off}</Tag>,
  },
  { key: 'last_login_at', dataIndex: 'last_login_at', title: M.lastLogin, sorter: true, render: time },
  { key: 'created_at', dataIndex: 'created_at', title: M.createdAt, sorter: true, render: time },
];
