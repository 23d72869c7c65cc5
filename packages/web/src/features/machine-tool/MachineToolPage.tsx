import { DEVICE_PATH, type MachineTool, machineToolResource } from '@gw/contracts';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { type RemoteTarget, RemoteAccessDialog, remoteAccessAction, remoteRefusal, useCanOpenRemote } from '../../components/RemoteAccess';
import { ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable/listTypes';
import { useCan } from '../../utils/permission';
import { useBox } from './api';
import { BoxHeader } from './BoxHeader';
import { machineToolColumns } from './machineToolColumns';
import { IpDialog } from './IpDialog';
import { MachineToolForm } from './MachineToolForm';
import { M } from './messages';

/** The search bar: keywords, the brand and whether in use; the box is the page's own (a hidden filter), not a choice. */
const FILTERS = filtersFrom(machineToolResource);

/**
 * 机床 (/device/machinetool/:id): the machine tools behind one box, under the box's name, VPN address and
 * fingerprint. Each gets the next free address of the box's /24; IP地址 shows it with what a controller needs;
 * 远程访问 opens a remote session on the box with the row's machine tool chosen.
 */
export default function MachineToolPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const [shown, setShown] = useState<MachineTool | null>(null);
  const [remote, setRemote] = useState<RemoteTarget | null>(null);
  const canRemote = useCanOpenRemote();
  const can = useCan();
  const box = useBox(id, valid && can(DEVICE_PATH, 'query')).data;
  if (!valid) return <Navigate to="/404" replace />;
  // every row is a machine tool of this one box: whether it can be reached is the box's tunnel's say
  const refused = box ? remoteRefusal(box.tunnel_state) : undefined;
  const rowActions: RowAction<MachineTool>[] = [
    { key: 'ip', label: M.ipButton, onClick: (row) => setShown(row) },
    ...(canRemote && box ? [remoteAccessAction<MachineTool>((row) => setRemote({ box, machineIds: [row.id] }), () => refused)] : []),
  ];
  return (
    <>
      <BoxHeader id={id} />
      <ResourceList<MachineTool>
        descriptor={machineToolResource}
        columns={machineToolColumns}
        filters={FILTERS}
        fixedFilters={{ device_id: id }}
        form={MachineToolForm}
        // a new machine tool belongs to this box
        toBody={(values, record) => (record ? values : { ...values, device_id: id })}
        rowActions={rowActions}
      >
        <ListSearchBar />
        <ListToolbar />
        <ListGrid<MachineTool> />
        <ListForm<MachineTool> />
      </ResourceList>
      <IpDialog machine={shown} onClose={() => setShown(null)} />
      <RemoteAccessDialog target={remote} onClose={() => setRemote(null)} />
    </>
  );
}
