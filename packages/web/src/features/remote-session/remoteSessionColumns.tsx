import {
  REMOTE_SESSION_END_REASON_TITLES,
  REMOTE_SESSION_STATE_TITLES,
  type RemoteSession,
  type RemoteSessionEndReason,
  type RemoteSessionState,
} from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatBytes, parseTime } from '../../utils/format';
import { M } from './messages';

/** 状态 in its colour: waiting orange, open green, refused red, over grey. */
const STATUS_COLORS: Record<RemoteSessionState, string | undefined> = { pending: 'orange', active: 'green', rejected: 'red', ended: undefined };
export const SessionStatusTag = ({ status }: { status: RemoteSessionState }) => <Tag color={STATUS_COLORS[status]}>{REMOTE_SESSION_STATE_TITLES[status]}</Tag>;

const time = (at: string | null) => parseTime(at);
const bytes = (n: number) => formatBytes(n);

/**
 * The box (key column) and 状态 first, then 结束原因, who and from which client, the machine tools, 时长 and 到期时间
 * (platform time), the bytes each way; the rest (申请/审批/开始/结束时间, 审批人, 访问范围) under 列设置.
 */
export const remoteSessionColumns: ColumnsType<RemoteSession> = [
  { key: 'gateway_id', dataIndex: 'gateway_id', title: M.box, render: (id: string, row) => (row.device_name ? `${row.device_name} (${id})` : id) },
  { key: 'status', dataIndex: 'status', render: (status: RemoteSessionState) => <SessionStatusTag status={status} /> },
  { key: 'end_reason', dataIndex: 'end_reason', render: (reason: RemoteSessionEndReason | null) => (reason ? REMOTE_SESSION_END_REASON_TITLES[reason] : '') },
  { key: 'username', dataIndex: 'username' },
  { key: 'client_name', dataIndex: 'client_name', title: M.client },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'machines', dataIndex: 'machines', ellipsis: true },
  { key: 'minutes', dataIndex: 'minutes', title: '时长', render: (minutes: number) => M.minutes(minutes) },
  { key: 'expires_at', dataIndex: 'expires_at', render: time },
  { key: 'rx_bytes', dataIndex: 'rx_bytes', align: 'right', render: bytes },
  { key: 'tx_bytes', dataIndex: 'tx_bytes', align: 'right', render: bytes },
  { key: 'requested_at', dataIndex: 'requested_at', render: time },
  { key: 'approved_by', dataIndex: 'approved_by' },
  { key: 'approved_at', dataIndex: 'approved_at', render: time },
  { key: 'started_at', dataIndex: 'started_at', render: time },
  { key: 'ended_at', dataIndex: 'ended_at', render: time },
  { key: 'ended_by', dataIndex: 'ended_by', render: (who: string, row) => (row.ended_at ? who || M.system : '') },
  { key: 'client_address', dataIndex: 'client_address' },
  { key: 'targets', dataIndex: 'targets', render: (targets: string[]) => targets.join(', ') },
  { key: 'latest_handshake', dataIndex: 'latest_handshake', render: time },
  { key: 'id', dataIndex: 'id', width: 80 },
];
