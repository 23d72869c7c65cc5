import { VERSION_STATUS_COLORS, VERSION_STATUS_TITLES, type Version, type VersionStatus } from '@gw/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatBytes, parseTime } from '../../utils/format';

const time = (value: string | null) => parseTime(value);

/** A release's 状态: 已发布 green, 草稿 blue, 已删除 red. */
export const VersionStatusTag = ({ status }: { status: VersionStatus }) => <Tag color={VERSION_STATUS_COLORS[status]}>{VERSION_STATUS_TITLES[status]}</Tag>;

/** The first 12 hex digits of a SHA-256; the copy button copies all of it. */
export const ShortSha = ({ sha256 }: { sha256: string }) =>
  sha256 ? (
    <Typography.Text code copyable={{ text: sha256 }} title={sha256}>
      {sha256.slice(0, 12)}
    </Typography.Text>
  ) : null;

/** 版本号, 适用设备类型, 文件名, 文件大小, SHA-256, 状态, 发布时间, 创建时间; titles from the descriptor. */
export const versionColumns: ColumnsType<Version> = [
  { key: 'version', dataIndex: 'version' },
  { key: 'goods_names', dataIndex: 'goods_names', render: (names: string[]) => names.join(', ') },
  { key: 'file_name', dataIndex: 'file_name', ellipsis: true },
  { key: 'size', dataIndex: 'size', align: 'right', render: (size: number) => formatBytes(size) },
  { key: 'sha256', dataIndex: 'sha256', render: (sha256: string) => <ShortSha sha256={sha256} /> },
  { key: 'status', dataIndex: 'status', render: (status: VersionStatus) => <VersionStatusTag status={status} /> },
  { key: 'published_at', dataIndex: 'published_at', render: time },
  { key: 'created_at', dataIndex: 'created_at', render: time },
];
