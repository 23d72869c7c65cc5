import { DEVICE_FLOW_PATH, DEVICE_PATH, type Device, MACHINE_MENU } from '@gw/contracts';
import { RemoteAccessButton, remoteRefusal } from '../../components/RemoteAccess';
import { RecordDrawer } from '../../components/ResourceTable';
import type { DetailTab } from '../../components/ResourceTable/listTypes';
import { useCan } from '../../utils/permission';
import { firmwareTab } from './DeviceFirmware';
import { DeviceFlows } from './DeviceFlows';
import { debugTabs } from './DeviceDebug';
import { DeviceInfo } from './DeviceInfo';
import { licenseTabs } from './DeviceLicenses';
import { DeviceMachines } from './DeviceMachines';
import { onlineLogTab } from './DeviceOnlineLog';
import { realtimeTabs } from './DeviceRealtime';
import { M } from './messages';

/** The box drawer's tabs the caller may see: 基本信息, 机床, 实时数据, 上下线记录, 流转记录, 授权, 固件, 远程调试. */
export function useDeviceTabs(): DetailTab<Device>[] {
  const can = useCan();
  return [
    { key: 'base', label: M.baseTab, render: (device) => <DeviceInfo device={device} /> },
    ...(can(MACHINE_MENU, 'query') ? [{ key: 'machines', label: M.machinesTab, render: (device: Device) => <DeviceMachines deviceId={device.id} /> }] : []),
    ...realtimeTabs(can),
    onlineLogTab,
    ...(can(DEVICE_FLOW_PATH, 'query') ? [{ key: 'flows', label: M.flowsTab, render: (device: Device) => <DeviceFlows deviceId={device.id} /> }] : []),
    ...licenseTabs(can),
    firmwareTab,
    ...debugTabs(can),
  ];
}

/** The drawer's header beside the title: 远程访问 on the box (disabled, saying why, when its tunnel cannot carry it). */
export const deviceDrawerExtra = (device: Device) => <RemoteAccessButton box={device} refused={remoteRefusal(device.tunnel_state)} />;

/**
 * The box drawer opened outside the box list (from a point on the map): the same tabs as the list's 详情.
 *
 * @example <DeviceDrawer id={picked} onClose={() => setPicked(null)} />
 */
export function DeviceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const tabs = useDeviceTabs();
  return (
    <RecordDrawer<Device>
      resource={DEVICE_PATH}
      id={id}
      open={id !== null}
      onClose={onClose}
      tabs={tabs}
      width={900}
      extra={deviceDrawerExtra}
      title={(device) => (device ? M.detailTitle(device.gateway_id) : M.detailTitle(''))}
    />
  );
}
