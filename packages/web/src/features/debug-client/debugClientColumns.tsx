import type { DebugClient } from '@gw/contracts';
import { Badge, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatBytes, parseTime } from '../../utils/format';
import { M } from './messages';

/** 状态: 已连接 (the hub saw a recent handshake) or 未连接, with when the last handshake was. */
export function ConnectedCell({ client }: { client: Pick<DebugClient, 'connected' | 'latest_handshake'> }) {
  return (
    <Flex vertical gap={0}>
      <Badge status={client.connected ? 'success' : 'default'} text={client.connected ? M.connected : M.disconnected} />
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {client.latest_handshake ? M.handshake(parseTime(client.latest_handshake)) : M.neverConnected}
      </Typography.Text>
    </Flex>
  );
}

/** 名称 (the key column), 地点, 地址, 用户, 所属公司, 状态 with 最近握手, 接收, 发送, 创建时间; titles from the descriptor. */
export const debugClientColumns: ColumnsType<DebugClient> = [
  { key: 'name', dataIndex: 'name' },
  { key: 'location', dataIndex: 'location' },
  { key: 'address', dataIndex: 'address' },
  { key: 'username', dataIndex: 'username' },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'connected', dataIndex: 'connected', render: (_: boolean, client) => <ConnectedCell client={client} /> },
  { key: 'rx_bytes', dataIndex: 'rx_bytes', align: 'right', render: (bytes: number) => formatBytes(bytes) },
  { key: 'tx_bytes', dataIndex: 'tx_bytes', align: 'right', render: (bytes: number) => formatBytes(bytes) },
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  { key: 'id', dataIndex: 'id', width: 80 },
  { key: 'public_key', dataIndex: 'public_key', render: (key: string) => <Typography.Text code>{key}</Typography.Text> },
  { key: 'key_generated', dataIndex: 'key_generated', render: (generated: boolean) => (generated ? '是' : '否') },
  { key: 'updated_at', dataIndex: 'updated_at', render: (time: string) => parseTime(time) },
];
