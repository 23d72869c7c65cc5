import { type FlashBatch, type FlashBatchDetail, type FlashFormat, flashBatchResource } from '@gw/contracts';
import { DetailDrawer, ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, rowActionsFrom } from '../../components/ResourceTable';
import type { DetailTab, RowAction } from '../../components/ResourceTable';
import { downloadBatch } from './api';
import { flasherColumns } from './flasherColumns';
import { FlasherForm, flashBatchBody } from './FlasherForm';
import { FlashBatchInfo, FlashItems } from './FlashItems';
import { M } from './messages';

/** 下载 CSV / JSON while the batch is new: warned first that the secrets come once; the list then shows it 已下载. */
const download = (format: FlashFormat, label: string): RowAction<FlashBatch> => ({
  key: `download_${format}`,
  label,
  permission: 'edit',
  confirm: M.secretOnce,
  visible: (batch) => batch.state === 'new',
  onClick: async (batch, list) => {
    await downloadBatch(batch, format);
    list.refetch();
  },
});

const ROW_ACTIONS: RowAction<FlashBatch>[] = [
  { key: 'detail', label: M.detail, onClick: (batch, list) => list.detail.show(batch) },
  download('csv', M.downloadCsv),
  download('json', M.downloadJson),
  ...rowActionsFrom<FlashBatch>(flashBatchResource, undefined, { confirm: { visible: (batch) => batch.state === 'downloaded' } }),
];

// the drawer reads GET /system/box_flasher/{id}, which carries the identities
const TABS: DetailTab<FlashBatch>[] = [
  { key: 'base', label: M.baseTab, render: (batch) => <FlashBatchInfo batch={batch as FlashBatchDetail} /> },
  { key: 'items', label: M.itemsTab, render: (batch) => <FlashItems batch={batch as FlashBatchDetail} /> },
];

/**
 * 刷机助手: the factory's provisioning batches. A batch reserves N gateway ids; its secrets are downloaded once (CSV
 * or JSON for the flashing tool), then 确认入库 makes every identity a box in stock. A batch not yet in stock may be
 * deleted. Its drawer shows each identity's first connection and fingerprint, and suspected clones.
 */
export default function FlasherPage() {
  return (
    <ResourceList<FlashBatch>
      descriptor={flashBatchResource}
      columns={flasherColumns}
      form={FlasherForm}
      formWidth={720}
      toBody={flashBatchBody}
      rowActions={ROW_ACTIONS}
      canDelete={(batch) => batch.state !== 'confirmed'}
    >
      <ListSearchBar />
      <ListToolbar />
      <ListGrid<FlashBatch> />
      <ListForm<FlashBatch> />
      <DetailDrawer<FlashBatch> tabs={TABS} title={(batch) => M.detailTitle(batch.first_gateway_id, batch.last_gateway_id)} width={900} />
    </ResourceList>
  );
}
