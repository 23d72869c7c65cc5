import { TRAFFIC_CUSTOMERS_PATH, TRAFFIC_PATH, type TrafficCustomer, type TrafficDaily, trafficDailyPath } from '@gw/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';

/** Each company's totals in the month, most first (GET /device/traffic/customers). */
export function useTrafficCustomers(month: string, limit = 10) {
  return useQuery({
    queryKey: [...resourceKey(TRAFFIC_PATH), 'customers', month, limit],
    queryFn: async () => (await request<TrafficCustomer[]>({ url: TRAFFIC_CUSTOMERS_PATH, params: { month, limit } })).data,
    placeholderData: keepPreviousData,
  });
}

/** One box's days from `start` to `end`, 0 on days without traffic (GET /device/traffic/{id}/daily). */
export function useTrafficDaily(deviceId: number | null, start: string, end: string) {
  return useQuery({
    queryKey: [...resourceKey(TRAFFIC_PATH), 'daily', deviceId, start, end],
    queryFn: async () => (await request<TrafficDaily>({ url: trafficDailyPath(deviceId!), params: { start, end } })).data,
    enabled: deviceId !== null,
    placeholderData: keepPreviousData,
  });
}
