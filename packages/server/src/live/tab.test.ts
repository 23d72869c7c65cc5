import type WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { ACTION, type LiveEvent, REMOTE_SESSION_PATH } from '@gw/contracts';
import type { SessionUser } from '../http/types.js';
import { LiveTab, SLOW_BYTES } from './tab.js';

/** A socket whose unsent bytes the test sets. */
function slowSocket() {
  const sent: unknown[] = [];
  const socket = { bufferedAmount: 0, send: (data: string) => sent.push(JSON.parse(data)) };
  return { socket, sent };
}
const user = { id: 1, scope: 'all', customerId: null, grants: { superUser: true, roleMenu: [] } } as unknown as SessionUser;
const presence = (device_id: number, online: boolean): LiveEvent => ({ type: 'presence', customer_id: 1, device_id, gateway_id: `G${device_id}`, online, at: '2026-11-23T12:00:00Z' });

describe('a slow tab', () => {
  it('holds events back while its socket is full, keeps the latest per box, and sends them together once drained', () => {
    const { socket, sent } = slowSocket();
    const tab = new LiveTab(socket as unknown as WebSocket, user, 't');
    expect(tab.offer(presence(1, true))).toBe(true);
    socket.bufferedAmount = SLOW_BYTES + 1;
    for (let i = 0; i < 100; i++) expect(tab.offer(presence(1, i % 2 === 0))).toBe(true);
    expect(tab.offer(presence(2, true))).toBe(true);
    expect(tab.drain()).toBe(true);
    expect(sent).toHaveLength(1);
    socket.bufferedAmount = 0;
    expect(tab.drain()).toBe(true);
    expect(sent.at(-1)).toEqual([presence(1, false), presence(2, true)]);
  });

  it('has to be closed when it falls too far behind, instead of growing without bound', () => {
    const { socket } = slowSocket();
    const tab = new LiveTab(socket as unknown as WebSocket, user, 't');
    socket.bufferedAmount = SLOW_BYTES + 1;
    let kept = true;
    for (let i = 0; i < 3000 && kept; i++) kept = tab.offer(presence(i, true));
    expect(kept).toBe(false);
    socket.bufferedAmount = 5 * 1024 * 1024;
    expect(tab.drain()).toBe(false);
  });
});

describe('which tabs hear of a remote session', () => {
  const session = (customer_id: number, user_id: number): LiveEvent => ({ type: 'remote_session', customer_id, user_id, session_id: 7, status: 'active', at: '2026-11-23T12:00:00Z' });
  const tabOf = (id: number, roleMenu: { menu: string; action: number }[], customers: number[] | null) => {
    const scoped = { id, scope: customers ? 'own' : 'all', customerId: customers?.[0] ?? null, grants: { superUser: false, roleMenu } } as unknown as SessionUser;
    const tab = new LiveTab(slowSocket().socket as unknown as WebSocket, scoped, 't');
    // the customers its scope holds, as refreshScope reads them
    (tab as unknown as { customers: Set<number> | null }).customers = customers ? new Set(customers) : null;
    return tab;
  };

  it('the sessions of its customers’ boxes with 远程会话’s 查询, and its own whatever its grants', () => {
    const reader = [{ menu: REMOTE_SESSION_PATH, action: ACTION.query }];
    expect(tabOf(1, reader, [10, 11]).sees(session(11, 99))).toBe(true);
    expect(tabOf(1, reader, [10, 11]).sees(session(20, 99))).toBe(false);
    expect(tabOf(1, [], [10]).sees(session(11, 99))).toBe(false);
    expect(tabOf(99, [], [20]).sees(session(11, 99))).toBe(true);
    expect(tabOf(1, reader, null).sees(session(11, 99))).toBe(true);
  });
});
