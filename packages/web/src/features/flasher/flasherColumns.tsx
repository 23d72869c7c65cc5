import { FLASH_BATCH_STATE_TITLES, type FlashBatch, type FlashBatchState } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';

const STATE_COLORS: Record<FlashBatchState, string> = { new: 'warning', downloaded: 'processing', confirmed: 'success' };

/** A batch's 状态: 待下载 orange, 已下载 blue, 已入库 green. */
export const FlashStateTag = ({ state }: { state: FlashBatchState }) => <Tag color={STATE_COLORS[state]}>{FLASH_BATCH_STATE_TITLES[state]}</Tag>;

const time = (value: string | null) => parseTime(value);

/** 设备类型, 数量, 起始/结束网关ID, 状态, 已上线 n/N, 创建人, 下载时间, 入库时间; titles from the descriptor. */
export const flasherColumns: ColumnsType<FlashBatch> = [
  { key: 'goods_name', dataIndex: 'goods_name' },
  { key: 'count', dataIndex: 'count', align: 'right' },
  { key: 'first_gateway_id', dataIndex: 'first_gateway_id' },
  { key: 'last_gateway_id', dataIndex: 'last_gateway_id' },
  { key: 'state', dataIndex: 'state', render: (state: FlashBatchState) => <FlashStateTag state={state} /> },
  { key: 'connected', dataIndex: 'connected', align: 'right', render: (connected: number, batch) => `${connected} / ${batch.count}` },
  { key: 'created_by_name', dataIndex: 'created_by_name' },
  { key: 'downloaded_at', dataIndex: 'downloaded_at', render: time },
  { key: 'confirmed_at', dataIndex: 'confirmed_at', render: time },
  { key: 'remark', dataIndex: 'remark', ellipsis: true },
];
