import { DEVICE_FLOW_PATH, DEVICE_PATH, type DeviceFlow, MACHINE_PATH, type MachineTool } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';

/** What the detail drawer lists of one box: its machine tools and its latest movements. */
const SHOWN = 100;

/** The machine tools behind a box (GET /device/machine?device_id=), cached with the machine tools. */
export function useDeviceMachines(deviceId: number) {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'device', deviceId],
    queryFn: async () => (await request<MachineTool[]>({ url: MACHINE_PATH, params: { device_id: deviceId, sort: 'code', limit: SHOWN } })).data ?? [],
  });
}

/** A box's movements, newest first (GET /manager/device_flow?device_id=); refreshed with the boxes, whose changes write them. */
export function useDeviceFlows(deviceId: number) {
  return useQuery({
    queryKey: [...resourceKey(DEVICE_PATH), 'flows', deviceId],
    queryFn: async () => (await request<DeviceFlow[]>({ url: DEVICE_FLOW_PATH, params: { device_id: deviceId, sort: '-id', limit: SHOWN } })).data ?? [],
  });
}
