import { DownloadOutlined } from '@ant-design/icons';
import type { ShortUrl } from '@gw/contracts';
import { Button, Flex, Modal, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type QrFormat, downloadQrcode, useQrcodePreview } from './api';
import { M } from './messages';
import { ShortLink } from './shortUrlColumns';

const SIZES = [256, 512, 1024] as const;
const SHOWN_PX = 240;

/**
 * An object URL of `blob` for the <img> while `shown`: revoked when the blob changes and when the dialog closes
 * (antd keeps the closing dialog's content as it was, so this runs from the dialog, not from the image). The image
 * takes it as its `src` whenever it mounts: the dialog's body may mount after the blob has arrived.
 */
function useBlobUrl(blob: Blob | undefined, shown: boolean): string | undefined {
  const href = useMemo(() => (shown && blob ? URL.createObjectURL(blob) : undefined), [blob, shown]);
  useEffect(() => (href ? () => URL.revokeObjectURL(href) : undefined), [href]);
  return href;
}

/**
 * 二维码 of a link: the server's PNG at the size chosen (fetched with the session's token), the link to copy, and
 * the server's PNG or SVG file to download.
 */
export function QrcodeDialog({ link, open, onClose }: { link: ShortUrl; open: boolean; onClose: () => void }) {
  const [size, setSize] = useState<number>(SIZES[0]);
  const [saving, setSaving] = useState<QrFormat | null>(null);
  const preview = useQrcodePreview(open ? link.id : null, size);
  const src = useBlobUrl(preview.data, open);
  const download = (format: QrFormat) => {
    setSaving(format);
    // a refused request has been explained by the request client
    downloadQrcode(link.id, link.code, format, size)
      .catch(() => undefined)
      .finally(() => setSaving(null));
  };
  const footer = (
    <Flex justify="flex-end" gap={8}>
      <Button icon={<DownloadOutlined />} loading={saving === 'png'} onClick={() => download('png')} data-testid="download-png">
        {M.downloadPng}
      </Button>
      <Button icon={<DownloadOutlined />} loading={saving === 'svg'} onClick={() => download('svg')} data-testid="download-svg">
        {M.downloadSvg}
      </Button>
    </Flex>
  );
  return (
    <Modal title={M.qrcodeTitle(link.code)} open={open} onCancel={onClose} footer={footer} destroyOnHidden width={420}>
      <Flex vertical align="center" gap={12}>
        <Segmented<number> aria-label={M.size} value={size} onChange={setSize} options={SIZES.map((px) => ({ label: `${px} px`, value: px }))} />
        <Flex align="center" justify="center" style={{ width: SHOWN_PX, height: SHOWN_PX }}>
          {src ? <img src={src} alt={M.qrAlt(link.code)} width={SHOWN_PX} height={SHOWN_PX} /> : <Spin />}
        </Flex>
        <ShortLink url={link.short_url} />
      </Flex>
    </Modal>
  );
}
