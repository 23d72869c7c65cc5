import { type LiveEvent, MACHINE_PATH, type MachineRealtime } from '@gw/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../ResourceTable/useResourceTable';
import { useLiveEvent, useLiveWatch } from '../../utils/live';
import { request } from '../../utils/request';

/** The live channel pushes changes; this refetch only catches what a dropped connection missed. */
export const REALTIME_REFETCH_MS = 10_000;

const realtimeKey = (machineId: number) => [...resourceKey(MACHINE_PATH), 'realtime', machineId] as const;

/** A machine tool's latest values (GET /device/machine/{id}/realtime), refetched every 10 s. */
export function useMachineRealtime(machineId: number) {
  return useQuery({
    queryKey: realtimeKey(machineId),
    queryFn: async () => (await request<MachineRealtime>({ url: `${MACHINE_PATH}/${machineId}/realtime` })).data,
    refetchInterval: REALTIME_REFETCH_MS,
  });
}

/** The cached realtime of a machine with one live event applied (values merged, state set, an alarm added or cleared). */
export function applyLiveEvent(current: MachineRealtime, event: LiveEvent): MachineRealtime {
  switch (event.type) {
    case 'realtime':
      if (current.ts && Date.parse(event.ts) < Date.parse(current.ts)) return current;
      return { ...current, ts: event.ts, values: { ...current.values, ...event.values } };
    case 'machine_state':
      return { ...current, state: event.state };
    case 'alarm': {
      const others = current.alarms.filter((alarm) => alarm.alarm_no !== event.alarm_no);
      return { ...current, alarms: event.active ? [...others, { alarm_no: event.alarm_no, alarm_msg: event.alarm_msg, since: event.at }] : others };
    }
    default:
      return current;
  }
}

/**
 * While mounted, asks the live channel for the box's realtime values and applies its `realtime`,
 * `machine_state` and `alarm` events to the cached realtime of the box's machine tools; the box's `presence`
 * refetches them.
 */
export function useLiveRealtime(deviceId: number) {
  const client = useQueryClient();
  useLiveWatch([deviceId]);
  useLiveEvent(['realtime', 'machine_state', 'alarm', 'presence'], (event) => {
    if (event.device_id !== deviceId) return;
    // the box came or went: every machine tool's state follows (offline while the box is), so ask again
    if (event.type === 'presence') return void client.invalidateQueries({ queryKey: [...resourceKey(MACHINE_PATH), 'realtime'] });
    const key = realtimeKey(event.machine_id);
    if (client.getQueryData<MachineRealtime>(key)) client.setQueryData<MachineRealtime>(key, (current) => current && applyLiveEvent(current, event));
    else void client.invalidateQueries({ queryKey: key });
  });
}
