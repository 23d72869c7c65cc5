import { LICENSE_MENU, LICENSE_PATH, type License } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { parseTime } from '../../utils/format';
import { request } from '../../utils/request';
import { M } from './messages';

const DAY_MS = 86_400_000;
/** Whole days until `exp`, a part day counted as one. */
export const daysLeft = (exp: string, now = Date.now()) => Math.max(0, Math.ceil((Date.parse(exp) - now) / DAY_MS));

const columns: ColumnsType<License> = [
  { key: 'gateway_id', title: M.expiring.gatewayId, render: (_, licence) => licence.gateway_id || licence.finger_print },
  { key: 'exp', dataIndex: 'exp', title: M.expiring.exp, render: (exp: string) => parseTime(exp) },
  { key: 'days', dataIndex: 'exp', title: M.expiring.daysLeft, align: 'right', render: (exp: string) => M.expiring.days(daysLeft(exp)) },
];

/** 即将到期的授权: the ten licences nearest their end among those 即将过期 (GET /system/license?state=expiring&sort=exp). */
export function ExpiringLicensesCard() {
  const licences = useQuery({
    queryKey: [...resourceKey(LICENSE_PATH), 'expiring'],
    queryFn: async () => (await request<License[]>({ url: LICENSE_PATH, params: { state: 'expiring', sort: 'exp', limit: 10 } })).data ?? [],
  });
  return (
    <Card title={M.expiring.title} extra={<Link to={`${LICENSE_MENU}?state=expiring`}>{M.expiring.all}</Link>}>
      <Table<License>
        rowKey="id"
        size="small"
        pagination={false}
        loading={licences.isPending}
        dataSource={licences.data}
        columns={columns}
        locale={{ emptyText: M.expiring.empty }}
      />
    </Card>
  );
}
