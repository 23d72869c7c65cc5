import { DEVICE_FLOW_PATH, DEVICE_PATH, type DeviceFlow, MACHINE_PATH, type MachineTool, type OnlineLogRow } from '@gw/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { useLiveEvent } from '../../utils/live';
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

/** A box's 上下线记录, newest first, one page at a time (GET /device/device/{id}/online_log?page&limit); a presence event of the box reloads it. */
export function useOnlineLog(deviceId: number, page: number, limit: number) {
  const client = useQueryClient();
  const key = [...resourceKey(DEVICE_PATH), 'online_log', deviceId] as const;
  useLiveEvent('presence', (event) => {
    if (event.device_id === deviceId) void client.invalidateQueries({ queryKey: key });
  });
  return useQuery({
    queryKey: [...key, page, limit],
    queryFn: async () => {
      const body = await request<OnlineLogRow[]>({ url: `${DEVICE_PATH}/${deviceId}/online_log`, params: { page, limit } });
      return { rows: body.data ?? [], count: Number(body.count ?? 0) };
    },
    placeholderData: keepPreviousData,
  });
}
