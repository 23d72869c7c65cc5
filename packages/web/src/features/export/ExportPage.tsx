import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EXPORT_PATH, type ExportJob, exportJobResource } from '@gw/contracts';
import { Button, Flex, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { filtersFrom } from '../../components/ResourceTable';
import { actionsColumn, withSortOrder } from '../../components/ResourceTable/listColumns';
import { RT } from '../../components/ResourceTable/messages';
import { SearchBar } from '../../components/ResourceTable/SearchBar';
import { resourceKey, useResourceTable } from '../../components/ResourceTable/useResourceTable';
import { useCan } from '../../utils/permission';
import { useLiveEvent } from '../../utils/live';
import { POLL_MS, downloadJob, exportLive, isBusy } from './api';
import { exportColumns } from './exportColumns';
import { M } from './messages';

function DownloadButton({ job }: { job: ExportJob }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    // a failed download has been explained by the request client
    downloadJob(job)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button type="link" size="small" icon={<DownloadOutlined />} loading={busy} onClick={download}>
      {M.download}
    </Button>
  );
}

const filters = filtersFrom(exportJobResource, { state: { width: 120 } });

/** 导出管理: the user's export jobs with their progress; refreshes itself while one is under way; 下载 and 删除. */
export default function ExportPage() {
  const can = useCan();
  const table = useResourceTable<ExportJob>({ resource: EXPORT_PATH, defaultSort: exportJobResource.defaultSort, live: exportLive });
  const busy = table.rows.some(isBusy);
  const client = useQueryClient();
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: resourceKey(EXPORT_PATH) }), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, client]);
  // a finished or failed job brings its file, size and error with the list: fetch it at once
  useLiveEvent('job', (event) => {
    if (event.status === 'done' || event.status === 'failed') void client.invalidateQueries({ queryKey: resourceKey(EXPORT_PATH) });
  });

  const columns = withSortOrder(exportColumns, table.query.sort);
  const actions = actionsColumn<ExportJob>({
    rowKey: 'id',
    loadingId: null,
    onDelete: can(EXPORT_PATH, 'delete') ? table.remove : undefined,
    extra: (job) => job.download_url && <DownloadButton job={job} />,
  });

  return (
    <div>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <SearchBar
          query={table.query}
          onSearch={table.setQuery}
          onReset={table.reset}
          filters={filters}
        />
        <Tooltip title={RT.refresh}>
          <Button icon={<SyncOutlined />} aria-label={RT.refresh} onClick={table.refetch} />
        </Tooltip>
      </Flex>
      <Table<ExportJob> {...table.tableProps} columns={actions ? [...columns, actions] : columns} scroll={{ x: 'max-content' }} />
    </div>
  );
}
