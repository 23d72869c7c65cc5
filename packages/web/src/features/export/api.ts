import { EXPORT_PATH, type ExportJob } from '@gw/contracts';
import { fetchFile, saveBlob } from '../../components/ResourceTable/api';

/** While a job is queued or running the list refreshes itself this often. */
export const POLL_MS = 2000;

export const isBusy = (job: ExportJob) => job.state === 'queued' || job.state === 'running';

/** Fetches a finished job's xlsx (TOKEN header) and saves it under the name the server gave it. */
export async function downloadJob(job: ExportJob): Promise<void> {
  saveBlob(await fetchFile(`${EXPORT_PATH}/${job.id}/download`), job.file_name);
}
