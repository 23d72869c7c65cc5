import { MACHINE_PATH, type MachineParts, type MachineTimeline, type MachineTool, machineHistoryPath } from '@gw/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';

const key = (id: number, ...rest: unknown[]) => [...resourceKey(MACHINE_PATH), 'history', id, ...rest];

/** One machine tool (GET /device/machine/{id}). */
export function useMachine(id: number) {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'detail', id],
    queryFn: async () => (await request<MachineTool>({ url: `${MACHINE_PATH}/${id}` })).data,
  });
}

/** The day's state bands (GET …/timeline?date); today's refreshed each minute. */
export function useTimeline(id: number, date: string | undefined) {
  return useQuery({
    queryKey: key(id, 'timeline', date ?? 'today'),
    queryFn: async () => (await request<MachineTimeline>({ url: machineHistoryPath(id, 'timeline'), params: date ? { date } : {} })).data,
    placeholderData: keepPreviousData,
    refetchInterval: date ? false : 60_000,
  });
}

/** Parts per hour of the day (GET …/parts?date). */
export function useParts(id: number, date: string | undefined) {
  return useQuery({
    queryKey: key(id, 'parts', date ?? 'today'),
    queryFn: async () => (await request<MachineParts>({ url: machineHistoryPath(id, 'parts'), params: date ? { date } : {} })).data,
    placeholderData: keepPreviousData,
    refetchInterval: date ? false : 60_000,
  });
}
