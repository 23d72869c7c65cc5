import { DEBUG_SESSION_MENU, type DebugSession, type Device } from '@gw/contracts';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type DetailTab, DetailTable } from '../../components/ResourceTable';
import { parseTime } from '../../utils/format';
import type { useCan } from '../../utils/permission';
import { useDebugSessions, useOpenSession } from './debugApi';
import { M } from './debugMessages';
import { DebugSessionPanel } from './DebugSessionPanel';

const PAGE_SIZE = 10;

const columns = (view: (row: DebugSession) => void): ColumnsType<DebugSession> => [
  { key: 'started_at', dataIndex: 'started_at', title: M.startedAt, render: (value: string) => parseTime(value) },
  { key: 'operator', dataIndex: 'operator', title: M.operator },
  { key: 'ip', dataIndex: 'ip', title: M.ip },
  { key: 'ended_at', dataIndex: 'ended_at', title: M.endedAt, render: (value: string | null) => (value ? parseTime(value) : M.open) },
  { key: 'commands', dataIndex: 'commands', title: M.commands, width: 90 },
  {
    key: 'view',
    title: '',
    width: 80,
    render: (_, row) => (
      <Button type="link" size="small" onClick={() => view(row)}>
        {M.view}
      </Button>
    ),
  },
];

/**
 * 远程调试: the box's debug sessions, newest first. 新建会话 opens one on this box and its panel (the command form,
 * 发送, 结束会话); 查看 opens a session's panel, its history when it has ended.
 */
export function DeviceDebug({ device }: { device: Device }) {
  const [page, setPage] = useState(1);
  const sessions = useDebugSessions(device.id, page, PAGE_SIZE);
  const openSession = useOpenSession(device.id);
  const [shown, setShown] = useState<number | null>(null);
  const open = async () => {
    const session = await openSession.mutateAsync();
    setShown(session.id);
  };
  return (
    <>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <Button type="primary" loading={openSession.isPending} onClick={() => void open().catch(() => undefined)}>
          {M.newSession}
        </Button>
        <Typography.Text type="secondary">{M.hint}</Typography.Text>
      </Flex>
      <DetailTable<DebugSession>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data?.rows}
        columns={columns((row) => setShown(row.id))}
        locale={{ emptyText: M.noSessions }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: sessions.data?.count ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
      <DebugSessionPanel id={shown} onClose={() => setShown(null)} />
    </>
  );
}

/**
 * The drawer's 远程调试 tab, for whoever holds 网关设备's 远程调试 bit: the server lets 查询 read a box's sessions,
 * but only that bit opens one and sends commands, and a tab of sessions nobody may add to helps no one.
 */
export function debugTabs(can: ReturnType<typeof useCan>): DetailTab<Device>[] {
  return can(DEBUG_SESSION_MENU, 'debug') ? [{ key: 'debug', label: M.title, render: (device) => <DeviceDebug device={device} /> }] : [];
}
