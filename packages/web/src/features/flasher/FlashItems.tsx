import { type FlashBatchDetail, type FlashItem, flashBatchResource, labelOf } from '@gw/contracts';
import { Descriptions, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import { FlashStateTag } from './flasherColumns';
import { M } from './messages';

const label = (field: string) => labelOf(flashBatchResource, field);

/** 疑似克隆: how many connections were refused for another fingerprint, red when any, the last one on hover. */
function CloneAttempts({ item }: { item: FlashItem }) {
  if (!item.clone_attempts) return <span>0</span>;
  return (
    <Tooltip title={`${label('last_clone_fingerprint')}: ${item.last_clone_fingerprint} · ${parseTime(item.last_clone_at)}`}>
      <Tag color="error">{item.clone_attempts}</Tag>
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {item.last_clone_fingerprint} {parseTime(item.last_clone_at)}
      </Typography.Text>
    </Tooltip>
  );
}

const columns: ColumnsType<FlashItem> = [
  { key: 'gateway_id', dataIndex: 'gateway_id', title: label('gateway_id') },
  {
    key: 'first_connected_at',
    dataIndex: 'first_connected_at',
    title: label('connected'),
    render: (at: string | null) => (at ? parseTime(at) : <Typography.Text type="secondary">{M.notYet}</Typography.Text>),
  },
  { key: 'fingerprint', dataIndex: 'fingerprint', title: label('fingerprint'), ellipsis: true },
  { key: 'clone_attempts', dataIndex: 'clone_attempts', title: label('clone_attempts'), render: (_: number, item) => <CloneAttempts item={item} /> },
];

/** A batch's facts (never its secrets). */
export function FlashBatchInfo({ batch }: { batch: FlashBatchDetail }) {
  const rows = [
    ['goods_name', batch.goods_name],
    ['count', batch.count],
    ['first_gateway_id', batch.first_gateway_id],
    ['last_gateway_id', batch.last_gateway_id],
    ['state', <FlashStateTag key="state" state={batch.state} />],
    ['connected', `${batch.connected} / ${batch.count}`],
    ['created_by_name', batch.created_by_name],
    ['created_at', parseTime(batch.created_at)],
    ['downloaded_at', parseTime(batch.downloaded_at)],
    ['confirmed_at', parseTime(batch.confirmed_at)],
    ['remark', batch.remark],
  ] as const;
  return <Descriptions bordered size="small" column={2} items={rows.map(([key, children]) => ({ key, label: label(key), children }))} />;
}

/** Each identity of a batch: whether its box has connected, the fingerprint it reported first, suspected clones. */
export function FlashItems({ batch }: { batch: FlashBatchDetail }) {
  return <Table<FlashItem> rowKey="gateway_id" size="small" columns={columns} dataSource={batch.items} pagination={{ defaultPageSize: 50 }} scroll={{ x: 'max-content' }} />;
}
