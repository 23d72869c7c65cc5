import { type MachineTool, machineToolResource } from '@gw/contracts';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable/listTypes';
import { BoxHeader } from './BoxHeader';
import { machineToolColumns } from './machineToolColumns';
import { IpDialog } from './IpDialog';
import { MachineToolForm } from './MachineToolForm';
import { M } from './messages';

/** The search bar: keywords, the brand and whether in use; the box is the page's own (a hidden filter), not a choice. */
const FILTERS = filtersFrom(machineToolResource);

/**
 * 机床 (/device/machinetool/:id): the machine tools behind one box, under the box's name, VPN address and
 * fingerprint. Each gets the next free address of the box's /24; IP地址 shows it with what a controller needs.
 */
export default function MachineToolPage() {
  const id = Number(useParams().id);
  const [shown, setShown] = useState<MachineTool | null>(null);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  const rowActions: RowAction<MachineTool>[] = [{ key: 'ip', label: M.ipButton, onClick: (row) => setShown(row) }];
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
    </>
  );
}
