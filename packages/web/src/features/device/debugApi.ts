import { type BoxRequest, DEBUG_SESSION_PATH, type DebugSession, type DebugSessionDetail } from '@gw/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { useLiveEvent } from '../../utils/live';
import { request } from '../../utils/request';

const sessionKey = (id: number) => [...resourceKey(DEBUG_SESSION_PATH), 'session', id] as const;

/** A box's debug sessions, newest first, one page at a time (GET /device/debug_session?device_id=). */
export function useDebugSessions(deviceId: number, page: number, limit: number) {
  return useQuery({
    queryKey: [...resourceKey(DEBUG_SESSION_PATH), 'list', deviceId, page, limit],
    queryFn: async () => {
      const body = await request<DebugSession[]>({ url: DEBUG_SESSION_PATH, params: { device_id: deviceId, sort: '-id', page, limit } });
      return { rows: body.data ?? [], count: Number(body.count ?? 0) };
    },
    placeholderData: keepPreviousData,
  });
}

/** One session with its commands, oldest first (GET /device/debug_session/{id}). */
export function useDebugSession(id: number | null) {
  return useQuery({
    queryKey: sessionKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await request<DebugSessionDetail>({ url: `${DEBUG_SESSION_PATH}/${id}` })).data,
  });
}

/** The session's log read again when a reply to one of its commands reaches this user on the live channel (another tab sent it). */
export function useSessionLive(id: number | null) {
  const client = useQueryClient();
  useLiveEvent('debug', (event) => {
    if (id !== null && event.session_id === id) void client.invalidateQueries({ queryKey: sessionKey(id) });
  });
}

/** 新建会话 on the box: resolves to the session opened; the box's sessions are read again. */
export function useOpenSession(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request<DebugSession>({ url: DEBUG_SESSION_PATH, method: 'POST', data: { device_id: deviceId } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: resourceKey(DEBUG_SESSION_PATH) }),
  });
}

/**
 * 发送 and 结束会话 of one session. Whatever the answer (the box's reply, 设备无响应, a refusal the request layer
 * has shown), the command is stored: the session and the list are read again so the log shows it.
 */
export function useSessionActions(id: number) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: resourceKey(DEBUG_SESSION_PATH) });
  const send = useMutation({
    mutationFn: (command: BoxRequest) => request({ url: `${DEBUG_SESSION_PATH}/${id}/send`, method: 'POST', data: command }),
    onSettled: settled,
  });
  const close = useMutation({
    mutationFn: () => request({ url: `${DEBUG_SESSION_PATH}/${id}/close`, method: 'POST' }),
    onSettled: settled,
  });
  return { send, close };
}
