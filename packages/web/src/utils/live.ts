import { useEffect, useLayoutEffect, useRef } from 'react';
import type { LiveEvent, LiveEventType } from '@gw/contracts';
import { getToken } from './auth';
import { sessionExpired } from './request';

/** The server's close code for a session that is gone (revoked or expired): the tab goes to login. */
export const LIVE_SESSION_GONE = 4401;
/** Close codes after which the same token cannot help (session gone, hello refused): wait for a new login. */
const REFUSED_CODES = new Set([4400, LIVE_SESSION_GONE]);
/** How often a tab without a usable token looks for one (after a login in this tab). */
const TOKEN_WAIT_MS = 2000;
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

type Listener = (event: LiveEvent) => void;
type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export interface LiveChannelOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  token?: () => string | undefined;
  onSessionGone?: () => void;
}

/** `ws(s)://<this host>/custom/api/v1/live`: the same origin as the console, so Vite's proxy or the reverse proxy carries it. */
export function liveUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/custom/api/v1/live`;
}

/**
 * The tab's one WebSocket to the server's live channel. It opens on the first listener, sends the session
 * token first, then the devices being watched; it reconnects with backoff (re-sending token and watch list)
 * and, when the server refuses the session (4401: to login), waits for a new token instead of retrying the old one.
 */
export class LiveChannel {
  private socket?: SocketLike;
  private readonly listeners = new Set<Listener>();
  private readonly watched = new Map<number, number>();
  private attempt = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private stopped = false;
  /** The token the open socket signed in with, and the last one the server refused. */
  private token?: string;
  private refused?: string;

  constructor(private readonly options: LiveChannelOptions = {}) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.ensureOpen();
    return () => this.listeners.delete(listener);
  }

  /** Adds devices to the watch list (counted, so two components watching one device keep it until both leave). */
  watch(deviceIds: number[]): () => void {
    for (const id of deviceIds) this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    this.sendWatch();
    this.ensureOpen();
    return () => {
      for (const id of deviceIds) {
        const count = (this.watched.get(id) ?? 0) - 1;
        if (count > 0) this.watched.set(id, count);
        else this.watched.delete(id);
      }
      this.sendWatch();
    };
  }

  /** Closes the socket and stops reconnecting (logout, tests). */
  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'bye');
    this.socket = undefined;
  }

  private ensureOpen(): void {
    if (this.socket || this.timer || this.stopped) return;
    const token = this.currentToken();
    if (!token || token === this.refused) return this.retryLater(TOKEN_WAIT_MS);
    this.token = token;
    const url = this.options.url ?? liveUrl();
    const socket = this.options.createSocket ? this.options.createSocket(url) : (new WebSocket(url) as SocketLike);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(JSON.stringify({ token }));
      this.sendWatch();
    };
    socket.onmessage = (message) => this.dispatch(message.data);
    socket.onerror = () => undefined; // onclose follows and decides
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (REFUSED_CODES.has(event.code)) {
        this.refused = token;
        if (event.code === LIVE_SESSION_GONE) (this.options.onSessionGone ?? sessionExpired)();
        return this.retryLater(TOKEN_WAIT_MS);
      }
      this.retryLater();
    };
  }

  private currentToken(): string | undefined {
    return (this.options.token ?? getToken)();
  }

  private retryLater(fixedMs?: number): void {
    if (this.stopped || this.timer) return;
    const base = fixedMs ?? BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    if (fixedMs === undefined) this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.listeners.size || this.watched.size) this.ensureOpen();
    }, base + Math.floor(Math.random() * base * 0.2));
  }

  private sendWatch(): void {
    if (this.socket?.readyState !== 1) return;
    this.socket.send(JSON.stringify({ watch: [...this.watched.keys()].slice(0, 50) }));
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    // signed out or signed in as someone else in this tab: the old session's events are not for this page
    if (this.currentToken() !== this.token) {
      this.socket?.close(1000, 'token changed');
      this.socket = undefined;
      this.ensureOpen();
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const events = Array.isArray(parsed) ? parsed : [parsed];
    for (const event of events as LiveEvent[]) {
      if (!event || typeof event.type !== 'string') continue;
      for (const listener of [...this.listeners]) listener(event);
    }
  }
}

let channel: LiveChannel | undefined;
/** The tab's channel, opened on first use. */
export function liveChannel(): LiveChannel {
  channel ??= new LiveChannel();
  return channel;
}
/** Replaces the tab's channel (tests: a channel on a fake socket). Closes the previous one. */
export function setLiveChannel(next: LiveChannel | undefined): void {
  channel?.close();
  channel = next;
}

/**
 * Calls `handler` for each live event of the given types while the component is mounted.
 * @example useLiveEvent('presence', (event) => setOnline(event.device_id, event.online));
 */
export function useLiveEvent<T extends LiveEventType>(
  types: T | readonly T[],
  handler: (event: Extract<LiveEvent, { type: T }>) => void,
): void {
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  const list: readonly string[] = typeof types === 'string' ? [types] : types;
  const key = [...list].sort().join(',');
  useEffect(() => {
    // no types: no channel (a list without live rows opens no socket)
    if (!key) return;
    const wanted = new Set(key.split(','));
    return liveChannel().subscribe((event) => {
      if (wanted.has(event.type)) handlerRef.current(event as Extract<LiveEvent, { type: T }>);
    });
  }, [key]);
}

/**
 * Asks the server for the `realtime` values of these devices while the component is mounted (at most 50
 * devices per tab); pair it with `useLiveEvent('realtime', ...)`.
 */
export function useLiveWatch(deviceIds: readonly number[]): void {
  const key = [...new Set(deviceIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    return liveChannel().watch(key.split(',').map(Number));
  }, [key]);
}

/**
 * Refetches on live events of these types, at most once per `ms`: the first event at once, those within the next
 * `ms` together once it is over (a workshop starting its shift sends a burst; the card asks once). `about`, when
 * given, keeps only the events it accepts (one rollout's page ignores the others').
 * @example const states = useMachineStates(); useLiveRefetch(['machine_state', 'presence'], states.refetch);
 * @example useLiveRefetch(['rollout'], rollout.refetch, 1000, (event) => event.rollout_id === id);
 */
export function useLiveRefetch<T extends LiveEventType>(
  types: readonly T[],
  refetch: () => unknown,
  ms = 2000,
  about?: (event: Extract<LiveEvent, { type: T }>) => boolean,
): void {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  useLiveEvent(types, (event) => {
    if (timer.current || (about && !about(event))) return;
    const run = () => {
      timer.current = null;
      last.current = Date.now();
      void refetch();
    };
    const wait = last.current + ms - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  });
}
