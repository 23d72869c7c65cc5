import { EXPORT_PATH, type ExportJob, type ExportState } from '@gw/contracts';
import type { LiveRows } from '../../components/ResourceTable';
import { fetchFile, saveBlob } from '../../components/ResourceTable/api';

/** While a job is queued or running the list refreshes itself this often. */
export const POLL_MS = 2000;

export const isBusy = (job: ExportJob) => job.state === 'queued' || job.state === 'running';

/** A job's progress and state as the runner reports them on the live channel (the poll stays as a fallback). */
export const exportLive: LiveRows<ExportJob, 'job'> = {
  types: ['job'],
  rowOf: (event) => event.job_id,
  patch: (event) => ({ state: event.status as ExportState, progress: event.progress }),
};

/** Fetches a finished job's xlsx (TOKEN header) and saves it under the name the server gave it. */
export async function downloadJob(job: ExportJob): Promise<void> {
  saveBlob(await fetchFile(`${EXPORT_PATH}/${job.id}/download`), job.file_name);
}
