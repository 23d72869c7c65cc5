import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@gw/contracts';
import { fakeLiveChannel as fakeChannel } from '../test/live';
import { LIVE_SESSION_GONE, liveUrl, setLiveChannel, useLiveEvent, useLiveRefetch, useLiveWatch } from './live';

const presence: LiveEvent = { type: 'presence', customer_id: 2, device_id: 7, gateway_id: 'G7', online: true, at: '2026-11-23T12:00:00Z' };

afterEach(() => {
  setLiveChannel(undefined);
  vi.useRealTimers();
});

describe('the live channel', () => {
  it('builds ws:// or wss:// on the console host', () => {
    expect(liveUrl({ protocol: 'https:', host: 'gw.example.com' } as Location)).toBe('wss://gw.example.com/custom/api/v1/live');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:9527' } as Location)).toBe('ws://localhost:9527/custom/api/v1/live');
  });

  it('sends the token first, then the watch list, and hands events of the asked types to the hook', () => {
    const sockets = fakeChannel();
    const seen: LiveEvent[] = [];
    renderHook(() => {
      useLiveEvent(['presence'], (event) => seen.push(event));
      useLiveWatch([7, 7, 3]);
    });
    expect(sockets).toHaveLength(1);
    act(() => sockets[0].open());
    expect(sockets[0].sent).toEqual([{ token: 'tok-1' }, { watch: [3, 7] }]);
    act(() => {
      sockets[0].push(presence);
      sockets[0].push({ type: 'job', user_id: 1, job_id: 1, status: 'running', progress: 10 });
    });
    expect(seen).toEqual([presence]);
  });

  it('reconnects with backoff after a drop and re-sends token and watch list', () => {
    vi.useFakeTimers();
    const sockets = fakeChannel();
    const { unmount } = renderHook(() => {
      useLiveEvent('realtime', () => undefined);
      useLiveWatch([5]);
    });
    act(() => sockets[0].open());
    act(() => sockets[0].drop(1006));
    expect(sockets).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1300));
    expect(sockets).toHaveLength(2);
    act(() => sockets[1].open());
    expect(sockets[1].sent).toEqual([{ token: 'tok-1' }, { watch: [5] }]);
    unmount();
    expect(sockets[1].sent.at(-1)).toEqual({ watch: [] });
  });

  it('after a login in this tab, signs in again with the new token; a token changed under an open socket reopens it', () => {
    vi.useFakeTimers();
    let token = 'old';
    const sockets = fakeChannel({ token: () => token, onSessionGone: () => undefined });
    renderHook(() => useLiveEvent('presence', () => undefined));
    act(() => sockets[0].open());
    act(() => sockets[0].drop(LIVE_SESSION_GONE));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(sockets).toHaveLength(1);
    token = 'new';
    act(() => void vi.advanceTimersByTime(2500));
    expect(sockets).toHaveLength(2);
    act(() => sockets[1].open());
    expect(sockets[1].sent[0]).toEqual({ token: 'new' });
    token = 'another-user';
    act(() => sockets[1].push(presence));
    expect(sockets).toHaveLength(3);
  });

  it('stops and goes to login when the server says the session is gone', () => {
    vi.useFakeTimers();
    const gone = vi.fn();
    const sockets = fakeChannel({ onSessionGone: gone });
    renderHook(() => useLiveEvent('presence', () => undefined));
    act(() => sockets[0].open());
    act(() => sockets[0].drop(LIVE_SESSION_GONE));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(gone).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(1);
  });

  it('refetches only on the events the filter accepts', () => {
    const sockets = fakeChannel();
    const refetch = vi.fn();
    const rollout = (rollout_id: number): LiveEvent => ({ type: 'rollout', rollout_id, device_id: null, state: 'running', at: '2026-11-23T12:00:00Z' });
    renderHook(() => useLiveRefetch(['rollout'], refetch, 0, (event) => event.rollout_id === 4));
    act(() => sockets[0].open());
    act(() => sockets[0].push(rollout(5)));
    expect(refetch).not.toHaveBeenCalled();
    act(() => sockets[0].push(rollout(4)));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
