import { MACHINE_PATH, type MachineOee, type MachinePlan, type MachinePlanWrite, type MachineScrapWrite, machineOeePath } from '@gw/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';

/** Every OEE answer of one machine tool sits under this key, so a write refreshes them all. */
const oeeKey = (id: number, ...rest: unknown[]) => [...resourceKey(MACHINE_PATH), 'oee', id, ...rest];

/** The day's OEE per shift and for the day (GET …/oee?date); today's refreshed each minute. */
export function useOee(id: number, date: string | undefined) {
  return useQuery({
    queryKey: oeeKey(id, 'day', date ?? 'today'),
    queryFn: async () => (await request<MachineOee>({ url: machineOeePath(id, 'oee'), params: date ? { date } : {} })).data,
    placeholderData: keepPreviousData,
    refetchInterval: date ? false : 60_000,
  });
}

/** The machine tool's own shifts and ideal cycle, and the defaults (GET …/plan), read when the dialog opens. */
export function usePlan(id: number, enabled: boolean) {
  return useQuery({
    queryKey: oeeKey(id, 'plan'),
    queryFn: async () => (await request<MachinePlan>({ url: machineOeePath(id, 'plan') })).data,
    enabled,
  });
}

/** A write under the machine tool's OEE; on success its plan and every day's figures are read again. */
function useOeeWrite<T>(id: number, view: 'plan' | 'scrap') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => (await request({ url: machineOeePath(id, view), method: 'PUT', data: body })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: oeeKey(id) }),
  });
}

/** PUT …/plan: null fields go back to the defaults. */
export const useSavePlan = (id: number) => useOeeWrite<MachinePlanWrite>(id, 'plan');

/** PUT …/scrap: a shift's scrap on a day; 0 removes it. */
export const useSaveScrap = (id: number) => useOeeWrite<MachineScrapWrite>(id, 'scrap');
