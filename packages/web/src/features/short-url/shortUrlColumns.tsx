import { DEVICE_PATH, ENABLED_OPTIONS, type ShortUrl, optionLabel } from '@gw/contracts';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import dayjs from '../../utils/dayjs';
import { parseTime } from '../../utils/format';
import { M } from './messages';

const time = (value: string | null) => parseTime(value);

/** The printed link, to copy as it is. */
export const ShortLink = ({ url }: { url: string }) => (
  <Space size={4}>
    <Typography.Text>{url}</Typography.Text>
    <CopyButton text={url} size="small" type="text" aria-label={`复制 ${url}`} title="复制">
      {null}
    </CopyButton>
  </Space>
);

/** 过期时间: 永不过期, the time, or the time and a red 已过期 once past. */
function expiry(value: string | null) {
  if (!value) return <Typography.Text type="secondary">{M.never}</Typography.Text>;
  if (!dayjs(value).isBefore(dayjs())) return time(value);
  return (
    <Space size={4}>
      {time(value)}
      <Tag color="red">{M.expired}</Tag>
    </Space>
  );
}

/**
 * 短码, 短链接 (to copy), 标题, 目标地址 (opened in a new tab, without handing it this page), 设备ID (the box's
 * detail), 访问次数, 最近访问, 过期时间, 启用, 创建时间; titles from the descriptor.
 */
export const shortUrlColumns: ColumnsType<ShortUrl> = [
  { key: 'code', dataIndex: 'code', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
  { key: 'short_url', dataIndex: 'short_url', render: (url: string) => <ShortLink url={url} /> },
  { key: 'title', dataIndex: 'title', ellipsis: true },
  {
    key: 'target',
    dataIndex: 'target',
    ellipsis: true,
    render: (target: string) => (
      <a href={target} target="_blank" rel="noopener noreferrer" title={target}>
        {target}
      </a>
    ),
  },
  {
    key: 'gateway_id',
    dataIndex: 'gateway_id',
    render: (gatewayId: string | null, row) => (gatewayId && row.device_id ? <Link to={`${DEVICE_PATH}?detail=${row.device_id}`}>{gatewayId}</Link> : gatewayId),
  },
  { key: 'visits', dataIndex: 'visits', align: 'right' },
  { key: 'last_visit_at', dataIndex: 'last_visit_at', render: time },
  { key: 'expires_at', dataIndex: 'expires_at', render: expiry },
  { key: 'enabled', dataIndex: 'enabled', render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{optionLabel(ENABLED_OPTIONS, enabled)}</Tag> },
  { key: 'created_at', dataIndex: 'created_at', render: time },
];
