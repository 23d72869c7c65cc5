import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EXPORT_PATH, type ExportJob, exportJobResource } from '@gw/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom, useResourceListContext } from '../../components/ResourceTable';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
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

/**
 * Keeps the list around it current while a job is under way: refreshes it every POLL_MS while one is queued or
 * running, and at once when the live channel says one finished or failed (its file, size and error come with the list).
 */
function FollowJobs() {
  const list = useResourceListContext<ExportJob>();
  const busy = list.rows.some(isBusy);
  const client = useQueryClient();
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: resourceKey(EXPORT_PATH) }), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, client]);
  useLiveEvent('job', (event) => {
    if (event.status === 'done' || event.status === 'failed') void client.invalidateQueries({ queryKey: resourceKey(EXPORT_PATH) });
  });
  return null;
}

const filters = filtersFrom(exportJobResource, { state: { width: 120 } });
const downloadOf = (job: ExportJob) => job.download_url && <DownloadButton job={job} />;

/**
 * 导出管理: the user's export jobs with their progress, on the list kit (cards on a phone); refreshes itself while
 * one is under way; 下载 and 删除.
 */
export default function ExportPage() {
  return (
    <ResourceList<ExportJob> descriptor={exportJobResource} columns={exportColumns} filters={filters} live={exportLive} extraRowActions={downloadOf}>
      <ListSearchBar />
      <ListToolbar />
      <ListGrid<ExportJob> />
      <FollowJobs />
    </ResourceList>
  );
}
