import { DEVICE_PATH, type DeviceFlow, deviceFlowResource } from '@gw/contracts';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import type { FilterField } from '../../components/ResourceTable/types';
import { deviceFlowColumns } from './deviceFlowColumns';

/** The box is picked among the boxes by their 设备ID (the descriptor declares the filter without an input). */
const boxFilter: Partial<FilterField> = { type: 'remote', remote: { url: DEVICE_PATH, labelField: 'gateway_id' }, width: 200 };
const filters = filtersFrom(deviceFlowResource).map((filter) => (filter.name === 'device_id' ? { ...filter, ...boxFilter } : filter));

/**
 * 设备流转: the ledger of box movements, written by the server as boxes come in, are assigned, go out or come back,
 * and never changed: read, narrowed (box, type, company with its subtree, dates) and exported, nothing else.
 */
export default function DeviceFlowListPage() {
  return <ResourceTable<DeviceFlow> descriptor={deviceFlowResource} columns={deviceFlowColumns} filters={filters} />;
}
