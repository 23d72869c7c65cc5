import { type OperationLog, operationLogResource } from '@gw/contracts';
import { useState } from 'react';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { operationLogColumns } from './operationLogColumns';
import { DetailDialog } from './DetailDialog';
import { M } from './messages';

/** 操作日志: read-only, filtered by action, user, table and dates; exported; 详情 shows what changed. */
export default function OperationLogPage() {
  const [shown, setShown] = useState<OperationLog | null>(null);
  return (
    <>
      <ResourceTable<OperationLog>
        descriptor={operationLogResource}
        columns={operationLogColumns}
        filters={filtersFrom(operationLogResource, { action: { width: 120 } })}
        rowActions={[{ key: 'detail', label: M.detail, onClick: setShown }]}
      />
      {shown && <DetailDialog log={shown} onClose={() => setShown(null)} />}
    </>
  );
}
