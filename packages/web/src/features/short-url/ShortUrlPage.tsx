import { type ShortUrl, shortUrlResource } from '@gw/contracts';
import { useMemo, useState } from 'react';
import { ResourceTable } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable';
import { M } from './messages';
import { QrcodeDialog } from './QrcodeDialog';
import { shortUrlColumns } from './shortUrlColumns';
import { ShortUrlForm, shortUrlBody, shortUrlFormValues } from './ShortUrlForm';
import { VisitsDialog } from './VisitsDialog';

type Shown = { link: ShortUrl; dialog: 'qrcode' | 'visits'; open: boolean };

/**
 * 短链接: codes under /s/ that redirect to their target, counted per day; a box's link (made from 网关设备) leads
 * to its detail. Per row: its 二维码 (to download as PNG or SVG) and its 访问统计 over the last 30 days.
 */
export default function ShortUrlPage() {
  // the dialog's link stays while it closes; a dialog is drawn only once first asked for
  const [shown, setShown] = useState<Shown | null>(null);
  const rowActions = useMemo<RowAction<ShortUrl>[]>(
    () => [
      { key: 'qrcode', label: M.qrcode, onClick: (link) => setShown({ link, dialog: 'qrcode', open: true }) },
      { key: 'visits', label: M.visits, onClick: (link) => setShown({ link, dialog: 'visits', open: true }) },
    ],
    [],
  );
  const close = () => setShown((s) => s && { ...s, open: false });
  return (
    <>
      <ResourceTable<ShortUrl>
        descriptor={shortUrlResource}
        columns={shortUrlColumns}
        form={ShortUrlForm}
        toFormValues={shortUrlFormValues}
        toBody={shortUrlBody}
        rowActions={rowActions}
      />
      {shown?.dialog === 'qrcode' && <QrcodeDialog key={shown.link.id} link={shown.link} open={shown.open} onClose={close} />}
      {shown?.dialog === 'visits' && <VisitsDialog key={shown.link.id} link={shown.link} open={shown.open} onClose={close} />}
    </>
  );
}
