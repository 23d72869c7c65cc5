import { type BoxRequest, DEBUG_CLIENT_PATH, type DebugSession, type DebugSessionDetail } from '@gw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { useLiveEvent } from '../../utils/live';
import { request } from '../../utils/request';

const sessionKey = (id: number) => [...resourceKey(DEBUG_CLIENT_PATH), 'session', id] as const;

/** One session with its commands, oldest first (GET /system/debug_client/{id}). */
export function useDebugSession(id: number | null) {
  return useQuery({
    queryKey: sessionKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await request<DebugSessionDetail>({ url: `${DEBUG_CLIENT_PATH}/${id}` })).data,
  });
}

/** The session's log read again when a reply to one of its commands reaches this user on the live channel (another tab sent it). */
export function useSessionLive(id: number | null) {
  const client = useQueryClient();
  useLiveEvent('debug', (event) => {
    if (id !== null && event.session_id === id) void client.invalidateQueries({ queryKey: sessionKey(id) });
  });
}

/** 新建会话 on a box: resolves to the session opened. */
export async function openSession(deviceId: number): Promise<DebugSession> {
  return (await request<DebugSession>({ url: DEBUG_CLIENT_PATH, method: 'POST', data: { device_id: deviceId } })).data;
}

/**
 * 发送 and 结束会话 of one session. Whatever the answer (the box's reply, 设备无响应, a refusal the request layer
 * has shown), the command is stored: the session and the list are read again so the log shows it.
 */
export function useSessionActions(id: number) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: resourceKey(DEBUG_CLIENT_PATH) });
  const send = useMutation({
    mutationFn: (command: BoxRequest) => request({ url: `${DEBUG_CLIENT_PATH}/${id}/send`, method: 'POST', data: command }),
    onSettled: settled,
  });
  const close = useMutation({
    mutationFn: () => request({ url: `${DEBUG_CLIENT_PATH}/${id}/close`, method: 'POST' }),
    onSettled: settled,
  });
  return { send, close };
}
