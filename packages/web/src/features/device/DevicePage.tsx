import { type Device, MACHINE_MENU, deviceResource } from '@gw/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type RemoteTarget, RemoteAccessDialog, remoteAccessAction, remoteRefusal, useCanOpenRemote } from '../../components/RemoteAccess';
import { DetailDrawer, ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, bulkActionsFrom, filtersFrom, rowActionsFrom } from '../../components/ResourceTable';
import type { BulkAction, RowAction } from '../../components/ResourceTable/listTypes';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import { useCan, useVendorSession } from '../../utils/permission';
import { AddTagsForm, AssignForm, MoveForm, RemoveTagsForm } from './BulkForms';
import { deviceColumns, deviceLive } from './deviceColumns';
import { DeviceForm, deviceBody, deviceValues } from './DeviceForm';
import { deviceDrawerExtra, useDeviceTabs } from './deviceTabs';
import { RemoteConfig, remoteRowActions } from './RemoteConfig';
import { M } from './messages';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import { useShortUrlActions } from './shortUrlActions';

/**
 * 分配客户, 打标签 and 移除标签 (both send the declared `tag`, with mode add or remove), and the stock movements 退货,
 * 维修, 维修完成 and 报废 (each with a remark for the ledger), each under its bit.
 */
const UNTAG: BulkAction = { key: 'untag', name: 'tag', label: M.untag, permission: deviceResource.actions!.tag.permission, form: RemoveTagsForm };
const BULK: BulkAction[] = bulkActionsFrom(deviceResource, {
  assign: AssignForm,
  tag: AddTagsForm,
  return: MoveForm,
  repair: MoveForm,
  repaired: MoveForm,
  scrap: MoveForm,
}).flatMap((action) => (action.key === 'tag' ? [action, UNTAG] : action.key === 'scrap' ? [{ ...action, danger: true }] : [action]));
/** Only the vendor gives boxes to customers and moves its stock: the server refuses them to anyone else. */
const VENDOR_ONLY_BULK = new Set(['assign', 'return', 'repair', 'repaired', 'scrap']);

const FILTERS = filtersFrom(deviceResource);

const canDelete = (device: Device) => (device.machine_count ? M.hasMachines(device.machine_count) : true);

/**
 * 网关设备: the boxes of the caller's scope. The vendor registers them (the secret shown once after the create),
 * assigns them to customers and tags them; a customer's user sees its subtree's boxes and may name, locate,
 * remark and tag them. Per row: its machine tools, 远程访问 (a remote session on the box), its details (基本信息,
 * 机床, 流转记录; a link's ?detail=<id> opens them, as a box's short link does) and 重置密钥; on the selected boxes,
 * their short links and QR labels.
 */
export default function DevicePage() {
  const vendor = useVendorSession();
  const can = useCan();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [configured, setConfigured] = useState<Device | null>(null);
  const filters = useReadableFilters(FILTERS);
  const shortUrlActions = useShortUrlActions();
  const canRemote = useCanOpenRemote();
  const [remote, setRemote] = useState<RemoteTarget | null>(null);

  const rowActions: RowAction<Device>[] = [
    { key: 'detail', label: M.detail, main: true, onClick: (row, list) => list.detail.show(row) },
    ...(can(MACHINE_MENU, 'query') ? [{ key: 'machines', label: M.machines, onClick: (row: Device) => void navigate(`${MACHINE_MENU}/${row.id}`) }] : []),
    ...(canRemote ? [remoteAccessAction<Device>((row) => setRemote({ box: row }), (row) => remoteRefusal(row.tunnel_state))] : []),
    ...rowActionsFrom<Device>(deviceResource, { secret: (data, row) => setSecret({ gatewayId: row.gateway_id, secret: (data as { secret: string }).secret }) }),
    ...remoteRowActions(setConfigured),
  ];
  const tabs = useDeviceTabs();
  const onSaved = (device: Device, mode: 'add' | 'edit') => {
    if (mode === 'add' && device.secret) setSecret({ gatewayId: device.gateway_id, secret: device.secret });
  };

  return (
    <ResourceList<Device>
      descriptor={deviceResource}
      columns={deviceColumns}
      live={deviceLive}
      filters={filters}
      form={DeviceForm}
      formWidth={760}
      toFormValues={deviceValues}
      toBody={deviceBody}
      actions={{ add: vendor }}
      canDelete={canDelete}
      rowActions={rowActions}
      bulkActions={[...(vendor ? BULK : BULK.filter((action) => !VENDOR_ONLY_BULK.has(action.key))), ...shortUrlActions]}
    >
      <ListSearchBar />
      <ListToolbar />
      <ListGrid<Device> />
      <ListForm<Device> onSaved={onSaved} />
      <DetailDrawer<Device> tabs={tabs} title={(device) => M.detailTitle(device.gateway_id)} width={900} extra={deviceDrawerExtra} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <RemoteConfig device={configured} onClose={() => setConfigured(null)} />
      <RemoteAccessDialog target={remote} onClose={() => setRemote(null)} />
    </ResourceList>
  );
}
