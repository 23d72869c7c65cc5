import { DEBUG_CLIENT_PATH, DEBUG_DEVICES_URL, type DebugSession } from '@gw/contracts';
import { Button, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { useResourceTable } from '../../components/ResourceTable/useResourceTable';
import { RemoteSelect } from '../../components/RemoteSelect';
import { parseTime } from '../../utils/format';
import { useCan } from '../../utils/permission';
import { openSession } from './api';
import { DebugSessionPanel } from './DebugSessionPanel';
import { M } from './messages';

const columns = (view: (row: DebugSession) => void): ColumnsType<DebugSession> => [
  { title: M.box, key: 'box', render: (_, row) => (row.device_name ? `${row.device_name} (${row.gateway_id})` : row.gateway_id) },
  { title: M.operator, dataIndex: 'operator' },
  { title: M.ip, dataIndex: 'ip' },
  { title: M.startedAt, dataIndex: 'started_at', render: (value: string) => parseTime(value) },
  { title: M.endedAt, dataIndex: 'ended_at', render: (value: string | null) => (value ? parseTime(value) : M.open) },
  { title: M.commands, dataIndex: 'commands', width: 90 },
  { title: '', key: 'view', width: 80, render: (_, row) => <Button type="link" onClick={() => view(row)}>{M.view}</Button> },
];

/**
 * 调试代理: the debug sessions of the caller's boxes, newest first, searched by box or operator. 新建会话 (编辑 bit)
 * opens a session on a box picked from the boxes; 查看 opens a session's panel (its history when ended).
 */
export default function DebugPage() {
  const can = useCan();
  const { tableProps, setQuery, refetch } = useResourceTable<DebugSession>({ resource: DEBUG_CLIENT_PATH });
  const [shown, setShown] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const writable = can(DEBUG_CLIENT_PATH, 'edit');

  const open = async ({ device_id }: { device_id: number }) => {
    const session = await openSession(device_id);
    refetch();
    setShown(session.id);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Input.Search allowClear placeholder={M.search} style={{ width: 280 }} onSearch={(keywords) => setQuery({ keywords, page: 1 })} />
        {writable && (
          <Button type="primary" onClick={() => setPicking(true)}>
            {M.newSession}
          </Button>
        )}
      </Space>
      <Table<DebugSession> {...tableProps} columns={columns((row) => setShown(row.id))} />
      {writable && (
        <FormDialog<{ device_id: number }> title={M.newSession} open={picking} onClose={() => setPicking(false)} onSubmit={open}>
          <Form.Item name="device_id" label={M.pickBox} rules={[{ required: true, message: M.pickBoxRequired }]}>
            <RemoteSelect url={DEBUG_DEVICES_URL} labelField="gateway_id" placeholder={M.pickBox} />
          </Form.Item>
        </FormDialog>
      )}
      <DebugSessionPanel id={shown} onClose={() => setShown(null)} />
    </Space>
  );
}
