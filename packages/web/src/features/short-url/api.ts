import { QR_SIZE, SHORT_URL_PATH, type ShortUrlVisits, shortUrlQrcodePath, shortUrlVisitsPath } from '@gw/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../components/ResourceTable/api';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';

export type QrFormat = 'png' | 'svg';

/** A link's QR code as the server draws it (GET …/{id}/qrcode, with the session's token), and the name it gives it. */
async function fetchQrcode(id: number, format: QrFormat, size: number) {
  const res = await request<Blob>({ url: shortUrlQrcodePath(id), params: { format, size }, responseType: 'blob' });
  return { blob: res.data, name: typeof res.file_name === 'string' ? res.file_name : undefined };
}

/** The PNG shown in the 二维码 dialog, at the size chosen (the last one stays while the next loads). */
export function useQrcodePreview(id: number | null, size: number = QR_SIZE.default) {
  return useQuery({
    queryKey: [...resourceKey(SHORT_URL_PATH), 'qrcode', id, size],
    queryFn: async () => (await fetchQrcode(id!, 'png', size)).blob,
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** Saves the server's file of a link's QR code, under the name it gives (else {code}.{format}). */
export async function downloadQrcode(id: number, code: string, format: QrFormat, size: number): Promise<void> {
  const { blob, name } = await fetchQrcode(id, format, size);
  saveBlob(blob, name ?? `${code}.${format}`);
}

/** Visits per day over the last `days` days, oldest first (GET …/{id}/visits). */
export function useVisits(id: number | null, days: number) {
  return useQuery({
    queryKey: [...resourceKey(SHORT_URL_PATH), 'visits', id, days],
    queryFn: async () => (await request<ShortUrlVisits>({ url: shortUrlVisitsPath(id!), params: { days } })).data,
    enabled: id !== null,
  });
}
