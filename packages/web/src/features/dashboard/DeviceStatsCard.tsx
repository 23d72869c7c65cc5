import { DEVICE_PATH, type DeviceStatsRow } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';
import { M } from './messages';

const columns: ColumnsType<DeviceStatsRow> = [
  { key: 'goods_name', dataIndex: 'goods_name', title: M.stats.type },
  { key: 'total', dataIndex: 'total', title: M.stats.total, align: 'right' },
  { key: 'online', dataIndex: 'online', title: M.stats.online, align: 'right' },
  { key: 'offline', dataIndex: 'offline', title: M.stats.offline, align: 'right' },
];

/** 设备统计信息: the boxes of the user's scope per type, online and offline (GET /device/device/stats). */
export function DeviceStatsCard() {
  const stats = useQuery({
    queryKey: [...resourceKey(DEVICE_PATH), 'stats'],
    queryFn: async () => (await request<DeviceStatsRow[]>({ url: `${DEVICE_PATH}/stats` })).data ?? [],
  });
  return (
    <Card title={M.stats.title}>
      <Table<DeviceStatsRow>
        rowKey={(row) => row.goods_id ?? 'none'}
        size="small"
        pagination={false}
        loading={stats.isPending}
        dataSource={stats.data}
        columns={columns}
        locale={{ emptyText: M.stats.empty }}
      />
    </Card>
  );
}
