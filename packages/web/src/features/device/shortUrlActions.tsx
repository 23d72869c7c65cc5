import { LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import { DEVICE_QR_LABELS_PATH, DEVICE_SHORT_URL_PATH, QRCODE_URL_MENU, SHORT_URL_PATH, type deviceShortUrlSchema } from '@gw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BulkAction } from '../../components/ResourceTable/listTypes';
import type { Id } from '../../components/ResourceTable/types';
import { saveBlob } from '../../components/ResourceTable/api';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { toast } from '../../utils/notify';
import { useCan } from '../../utils/permission';
import { request } from '../../utils/request';
import { M } from './messages';

type Made = z.infer<typeof deviceShortUrlSchema>;

/** Gives each box its short link (a box that has one keeps it); what each box has now. */
const ensureLinks = async (ids: Id[]) => (await request<Made>({ url: DEVICE_SHORT_URL_PATH, method: 'POST', data: { ids } })).data;

/**
 * 生成短链接 and 二维码标签 on the selected boxes, for whoever may add on 短链接 (its menu, not the boxes'): the first
 * makes the links and says how many were new; the second makes any missing, then saves the printable sheet of
 * labels (an HTML page of QR codes the server draws).
 */
export function useShortUrlActions(): BulkAction[] {
  const can = useCan();
  const client = useQueryClient();
  if (!can(QRCODE_URL_MENU, 'add')) return [];
  const refreshLinks = () => client.invalidateQueries({ queryKey: resourceKey(SHORT_URL_PATH) });
  return [
    {
      key: 'short_url',
      label: M.makeShortUrls,
      icon: <LinkOutlined />,
      onClick: async (ids) => {
        const links = await ensureLinks(ids);
        const made = links.filter((link) => link.created).length;
        toast.success(M.shortUrlsMade(made, links.length - made));
        await refreshLinks();
      },
    },
    {
      key: 'qr_labels',
      label: M.qrLabels,
      icon: <QrcodeOutlined />,
      onClick: async (ids) => {
        await ensureLinks(ids);
        void refreshLinks();
        const sheet = await request<Blob>({ url: DEVICE_QR_LABELS_PATH, params: { ids: ids.join(',') }, responseType: 'blob' });
        saveBlob(sheet.data, typeof sheet.file_name === 'string' ? sheet.file_name : M.qrLabelsFile);
      },
    },
  ];
}
