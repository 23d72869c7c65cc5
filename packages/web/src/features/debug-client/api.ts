import { DEBUG_CLIENT_HUB_URL, DEBUG_CLIENT_PATH, type DebugClientHub, debugClientConfigUrl } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { request } from '../../utils/request';

/** Whether the platform has a hub for clients to dial (GET /system/debug_client/hub), and what it lacks. */
export function useHub() {
  return useQuery({
    queryKey: [...resourceKey(DEBUG_CLIENT_PATH), 'hub'],
    queryFn: async () => (await request<DebugClientHub>({ url: DEBUG_CLIENT_HUB_URL })).data,
  });
}

/** A client's wg-quick file again, its PrivateKey line a placeholder (the platform never kept the key). */
export const fetchConfig = async (id: number) => (await request<{ config: string }>({ url: debugClientConfigUrl(id) })).data.config;
