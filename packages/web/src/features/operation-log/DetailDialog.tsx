import type { LogChange, OperationLog } from '@gw/contracts';
import { Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import styles from './DetailDialog.module.css';
import { M } from './messages';

/** A logged value as text: nothing for null, JSON for arrays and objects. */
export const showValue = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** Whether the field's value differs before and after (an added or deleted row changes every field it had). */
export const isChanged = (change: LogChange) => JSON.stringify(change.before ?? null) !== JSON.stringify(change.after ?? null);

const columns: ColumnsType<LogChange> = [
  { key: 'key', dataIndex: 'key', title: M.key },
  { key: 'comment', dataIndex: 'comment', title: M.comment },
  { key: 'before', dataIndex: 'before', title: M.before, render: showValue },
  { key: 'after', dataIndex: 'after', title: M.after, render: showValue },
];

/** 详情: the change table of one log entry, changed fields highlighted. */
export function DetailDialog({ log, onClose }: { log: OperationLog; onClose: () => void }) {
  return (
    <Modal open title={M.detailTitle(log.table_title, log.record_id)} width={860} onCancel={onClose} footer={null}>
      <Table<LogChange>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={log.changes}
        pagination={false}
        rowClassName={(change) => (isChanged(change) ? styles.changed : '')}
        scroll={{ y: 480 }}
      />
    </Modal>
  );
}
