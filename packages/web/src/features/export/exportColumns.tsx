import { EXPORT_STATE_LABEL, type ExportJob, type ExportState } from '@gw/contracts';
import { Progress, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import { M } from './messages';

const STATE_COLOR: Record<ExportState, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
const PROGRESS_STATUS = { queued: 'normal', running: 'active', done: 'success', failed: 'exception' } as const;

/** 1.5 MB, 320 KB, 12 B; nothing before the file exists. */
export function fileSize(bytes: number): string {
  if (!bytes) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  const power = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${power ? value.toFixed(1).replace(/\.0$/, '') : value} ${units[power]}`;
}

/** The list's columns; titles and sorters come from the descriptor (exportJobResource). */
export const exportColumns: ColumnsType<ExportJob> = [
  { key: 'title', dataIndex: 'title' },
  {
    key: 'state',
    dataIndex: 'state',
    render: (state: ExportState, job) => (
      <Space>
        <Tooltip title={state === 'failed' ? M.failed(job.error) : undefined}>
          <Tag color={STATE_COLOR[state]}>{EXPORT_STATE_LABEL[state]}</Tag>
        </Tooltip>
        <Progress percent={job.progress} size="small" status={PROGRESS_STATUS[state]} style={{ width: 140, margin: 0 }} />
      </Space>
    ),
  },
  { key: 'row_count', dataIndex: 'row_count' },
  { key: 'username', dataIndex: 'username' },
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  { key: 'file_size', dataIndex: 'file_size', render: fileSize },
];
