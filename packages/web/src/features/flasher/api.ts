import { type FlashBatch, type FlashFormat, flasherDownloadPath } from '@gw/contracts';
import { saveBlob } from '../../components/ResourceTable/api';
import { request } from '../../utils/request';
import { M } from './messages';

/**
 * GET /system/box_flasher/{id}/download?format=: the batch's identities with their secrets, which the server hands
 * out once; saved under the name the server gave the file.
 */
export async function downloadBatch(batch: FlashBatch, format: FlashFormat): Promise<void> {
  const res = await request<Blob>({ url: flasherDownloadPath(batch.id), params: { format }, responseType: 'blob' });
  saveBlob(res.data, typeof res.file_name === 'string' && res.file_name ? res.file_name : M.fileName(batch.id, format));
}
