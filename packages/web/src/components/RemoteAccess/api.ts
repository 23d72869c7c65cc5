import { DEBUG_CLIENT_PATH, type DebugClient, MACHINE_PATH, type MachineTool, REMOTE_SESSION_PATH, type RemoteSession, type RemoteSessionCreate } from '@gw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserStore } from '../../stores/user';
import { request } from '../../utils/request';
import { resourceKey } from '../ResourceTable/useResourceTable';

/** More than anyone has: one user's clients, one box's machine tools. */
const ALL = 200;

/** The caller's own clients (only their owner may use one in a session), cached with 调试代理's list. */
export function useOwnClients(enabled: boolean) {
  const userId = useUserStore((state) => state.info?.id);
  return useQuery({
    queryKey: [...resourceKey(DEBUG_CLIENT_PATH), 'own', userId],
    enabled: enabled && userId !== undefined,
    queryFn: async () => (await request<DebugClient[]>({ url: DEBUG_CLIENT_PATH, params: { user_id: userId, sort: 'name', limit: ALL } })).data ?? [],
  });
}

/** The box's machine tools to choose from, cached with the machine tools. */
export function useBoxMachines(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKey(MACHINE_PATH), 'device', deviceId, 'remote'],
    enabled,
    queryFn: async () => (await request<MachineTool[]>({ url: MACHINE_PATH, params: { device_id: deviceId, sort: 'code', limit: ALL } })).data ?? [],
  });
}

/** POST /system/remote_session: the session as opened (进行中, or 待审批 where the box's company decides). */
export function useOpenRemoteSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RemoteSessionCreate) => (await request<RemoteSession>({ url: REMOTE_SESSION_PATH, method: 'POST', data: body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(REMOTE_SESSION_PATH) }),
  });
}
