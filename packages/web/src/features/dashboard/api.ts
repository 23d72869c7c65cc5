import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, DownloadItem, UserInfo } from '@gw/contracts';
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
