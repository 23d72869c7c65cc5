import { Button, Modal, Table, type TableColumnsType } from 'antd';
import { useErrorLogStore, type ErrorLogEntry } from '../../stores/errorLog';
import { LAYOUT_TEXT } from '../messages';

const { errorLogColumns: labels } = LAYOUT_TEXT;

const columns: TableColumnsType<ErrorLogEntry & { key: number }> = [
  { title: labels.message, key: 'message', render: (_, r) => r.err.message },
  { title: labels.info, key: 'info', render: (_, r) => [r.component, r.info].filter(Boolean).join(' ') },
  { title: labels.url, dataIndex: 'url', key: 'url' },
  { title: labels.stack, key: 'stack', render: (_, r) => <pre className="error-log-stack">{r.err.stack}</pre> },
];

/** The recorded errors (message, info, url, stack) and a button that clears them. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logs = useErrorLogStore((s) => s.logs);
  const clear = () => {
    useErrorLogStore.getState().clearErrorLog();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={LAYOUT_TEXT.errorLog}
      width="80%"
      onCancel={onClose}
      footer={
        <Button danger onClick={clear}>
          {LAYOUT_TEXT.errorLogClear}
        </Button>
      }
    >
      <Table size="small" pagination={false} columns={columns} dataSource={logs.map((l, key) => ({ ...l, key }))} />
    </Modal>
  );
}
