import type { OperationLog } from '@gw/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceTable } from '../../../components/ResourceTable';
import { logColumns } from './columns';
import { DetailDialog } from './DetailDialog';
import { ACTION_OPTIONS, M, TABLE_OPTIONS } from './messages';

/** 操作日志: read-only, filtered by action, user, table and dates; 详情 shows what changed. */
export default function LogPage() {
  const [shown, setShown] = useState<OperationLog | null>(null);
  return (
    <>
      <ResourceTable<OperationLog>
        resource="/system/log"
        title={M.title}
        columns={logColumns}
        defaultSort="-created_at"
        actions={{ add: false, edit: false, delete: false, import: false }}
        filters={[
          { name: 'action', label: M.action, type: 'select', options: ACTION_OPTIONS, width: 120 },
          { name: 'username', label: M.username, type: 'text' },
          { name: 'table_name', label: M.table, type: 'select', options: TABLE_OPTIONS },
        ]}
        extraRowActions={(log) => (
          <Button type="link" size="small" onClick={() => setShown(log)}>
            {M.detail}
          </Button>
        )}
      />
      {shown && <DetailDialog log={shown} onClose={() => setShown(null)} />}
    </>
  );
}
