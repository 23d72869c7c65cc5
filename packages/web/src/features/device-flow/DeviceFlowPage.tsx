import { type DeviceFlow, deviceFlowResource } from '@gw/contracts';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import { deviceFlowColumns } from './deviceFlowColumns';

/** The box is picked among the boxes by their 设备ID, as the descriptor declares. */
const filters = filtersFrom(deviceFlowResource, { device_id: { width: 200 } });

/**
 * 设备流转: the ledger of box movements, written by the server as boxes come in, are assigned, go out or come back,
 * and never changed: read, narrowed (box, type, company with its subtree, dates) and exported, nothing else.
 */
export default function DeviceFlowPage() {
  // the box and company filters only for those who may read boxes and companies
  return <ResourceTable<DeviceFlow> descriptor={deviceFlowResource} columns={deviceFlowColumns} filters={useReadableFilters(filters)} />;
}
