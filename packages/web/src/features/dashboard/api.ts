import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Customer,
  type DownloadItem,
  MACHINE_ALARMS_TODAY_PATH,
  MACHINE_OUTPUT_TODAY_PATH,
  MACHINE_PATH,
  MACHINE_STATES_PATH,
  MACHINE_TRENDS_PATH,
  type MachineStateCounts,
  type MachineTrends,
  type OutputToday,
  type TodayAlarms,
  type UserInfo,
} from '@gw/contracts';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { useUserStore } from '../../stores/user';
import { request } from '../../utils/request';

const keys = { customInfo: ['user', 'custom_info'], downloads: ['tools', 'downloads'] } as const;

/** The user's own company; not asked for when the user has none (the server would refuse). */
export function useCustomInfo(enabled: boolean) {
  return useQuery({
    queryKey: keys.customInfo,
    queryFn: async () => (await request<Customer>({ url: '/user/custom_info' })).data,
    enabled,
  });
}

export function useUpdateCustomInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: Partial<Customer>) =>
      (await request<Customer>({ url: '/user/custom_info', method: 'PUT', data: values })).data,
    onSuccess: (data) => client.setQueryData(keys.customInfo, data),
  });
}

/** PUT /user/info; the store's copy of the user is refreshed from the answer. */
export function useUpdateUserInfo() {
  return useMutation({
    mutationFn: async (values: Record<string, unknown>) =>
      (await request<UserInfo>({ url: '/user/info', method: 'PUT', data: values })).data,
    onSuccess: (info) => useUserStore.setState({ info }),
  });
}

export function useDownloads() {
  return useQuery({
    queryKey: keys.downloads,
    queryFn: async () => (await request<DownloadItem[]>({ url: '/tools/downloads' })).data,
  });
}

/** 机床状态: the enabled machine tools of the user's scope by state now (GET /device/machine/states). */
export function useMachineStates() {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'states'],
    queryFn: async () => (await request<MachineStateCounts>({ url: MACHINE_STATES_PATH })).data,
  });
}

/** 今日报警: today's alarms of the user's scope, the latest `limit` and the day's counts (GET /device/machine/alarms/today). */
export function useTodayAlarms(limit = 20) {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'alarms', 'today', limit],
    queryFn: async () => (await request<TodayAlarms>({ url: MACHINE_ALARMS_TODAY_PATH, params: { limit } })).data,
  });
}

/** How often 今日产量 asks again by itself: parts and running time grow without a live event saying so. */
const OUTPUT_REFRESH_MS = 60_000;

/** 今日产量: today's parts and utilisation of the user's scope, the top `limit` customers (GET /device/machine/output/today). */
export function useOutputToday(limit = 10) {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'output', 'today', limit],
    queryFn: async () => (await request<OutputToday>({ url: MACHINE_OUTPUT_TODAY_PATH, params: { limit } })).data,
    refetchInterval: OUTPUT_REFRESH_MS,
  });
}

/** How often the trends ask again by themselves: only today's point moves, and it moves slowly. */
const TRENDS_REFRESH_MS = 5 * 60_000;

/** 近 7 日趋势: parts, 稼动率 and alarms of the user's scope per day, oldest first (GET /device/machine/trends). */
export function useMachineTrends(days = 7) {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'trends', days],
    queryFn: async () => (await request<MachineTrends>({ url: MACHINE_TRENDS_PATH, params: { days } })).data,
    refetchInterval: TRENDS_REFRESH_MS,
  });
}
