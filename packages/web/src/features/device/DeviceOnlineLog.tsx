import { type Device, ONLINE_REASON_TITLES, type OnlineLogRow } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type DetailTab, DetailTable } from '../../components/ResourceTable';
import { parseTime } from '../../utils/format';
import { useOnlineLog } from './api';

const T = { tab: '上下线记录', at: '时间', online: '状态', reason: '原因', ip: 'IP', node: '节点', up: '上线', down: '下线', empty: '暂无数据' } as const;
const PAGE_SIZE = 20;

const columns: ColumnsType<OnlineLogRow> = [
  { key: 'at', dataIndex: 'at', title: T.at, render: (at: string) => parseTime(at) },
  { key: 'online', dataIndex: 'online', title: T.online, render: (online: boolean) => <Tag color={online ? 'green' : 'default'}>{online ? T.up : T.down}</Tag> },
  { key: 'reason', dataIndex: 'reason', title: T.reason, render: (reason: OnlineLogRow['reason']) => ONLINE_REASON_TITLES[reason] ?? reason },
  { key: 'ip', dataIndex: 'ip', title: T.ip },
  { key: 'node', dataIndex: 'node', title: T.node },
];

/** 上下线记录: each time the box came online or went offline, newest first, with why, from where and on which node. */
export function DeviceOnlineLog({ deviceId }: { deviceId: number }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const log = useOnlineLog(deviceId, page, limit);
  return (
    <DetailTable<OnlineLogRow>
      rowKey="id"
      size="small"
      loading={log.isPending}
      dataSource={log.data?.rows}
      columns={columns}
      locale={{ emptyText: T.empty }}
      pagination={{
        current: page,
        pageSize: limit,
        total: log.data?.count ?? 0,
        showSizeChanger: true,
        showTotal: (total) => `共 ${total} 条`,
        onChange: (next, size) => {
          setPage(size === limit ? next : 1);
          setLimit(size);
        },
      }}
    />
  );
}

/** The drawer's 上下线记录 tab: whoever sees the box sees its history. */
export const onlineLogTab: DetailTab<Device> = { key: 'online_log', label: T.tab, render: (device) => <DeviceOnlineLog deviceId={device.id} /> };
