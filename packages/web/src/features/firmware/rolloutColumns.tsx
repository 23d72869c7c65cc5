import type { Rollout, RolloutState } from '@gw/contracts';
import type { ColumnsType } from 'antd/es/table';
import { RolloutStateTag } from '../../components/RolloutStateTag';
import { parseTime } from '../../utils/format';
import { M } from './messages';
import { RolloutBar } from './RolloutBar';

const time = (value: string | null) => parseTime(value);

/** 版本号, 推送对象, 状态, 进度, 当前批次, 创建人, 创建时间, 结束时间; titles from the descriptor. */
export const rolloutColumns: ColumnsType<Rollout> = [
  { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
  { key: 'version', dataIndex: 'version' },
  { key: 'target_text', dataIndex: 'target_text', ellipsis: true },
  { key: 'state', dataIndex: 'state', render: (state: RolloutState) => <RolloutStateTag state={state} /> },
  { key: 'counts', dataIndex: 'counts', width: 220, render: (_: unknown, rollout) => <RolloutBar rollout={rollout} size="small" /> },
  { key: 'batch', dataIndex: 'batch', render: (_: unknown, rollout) => M.batchOf(rollout.batch, rollout.batches) },
  { key: 'created_by_name', dataIndex: 'created_by_name' },
  { key: 'created_at', dataIndex: 'created_at', render: time },
  { key: 'finished_at', dataIndex: 'finished_at', render: time },
];
