import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import WebSocket, { WebSocketServer } from 'ws';
import { type LiveEvent, liveHelloSchema, liveWatchSchema } from '@gw/contracts';
import type { AppDeps } from '../app-deps.js';
import { API_PREFIX } from '../http/guard.js';
import { CLOSE_SLOW, LiveTab } from './tab.js';

export const LIVE_PATH = `${API_PREFIX}/live`;

/** Close codes the console acts on: 4401 goes to login; the others reconnect (4400 does not, the tab is broken). */
export const LIVE_CLOSE = {
  badMessage: { code: 4400, reason: '消息格式错误' },
  sessionGone: { code: 4401, reason: '登录已失效,请重新登录' },
  noHello: { code: 4408, reason: '连接后未及时发送令牌' },
  shutdown: { code: 1001, reason: '服务停止' },
} as const;

export interface LiveChannelOptions {
  /** A tab must send its token within this time. */
  helloMs?: number;
  /** How often each tab's session is checked again (revoked or expired → 4401). */
  recheckMs?: number;
  /** How often each tab's customer subtree is read again. */
  scopeMs?: number;
  /** How often sockets are pinged (one without a pong since the last ping is dropped). */
  pingMs?: number;
}

const channels = new WeakMap<AppDeps, LiveChannel>();
/** The channel an app registered (tests wait for tabs and force a session check through it). */
export const liveChannelOf = (deps: AppDeps) => channels.get(deps);

/**
 * The console's live channel: a WebSocket at /custom/api/v1/live on the HTTP server (upgrades at other paths are
 * left to whoever else listens). Nothing is sent before the tab's `{token}`; then every event on the live bus
 * goes to the tabs that may see it (LiveTab.sees), held back and coalesced while a tab's socket is slow.
 */
export class LiveChannel {
  readonly tabs = new Set<LiveTab>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly alive = new WeakSet<WebSocket>();
  private readonly gauge: client.Gauge;
  private unsubscribe?: () => void;

  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: AppDeps,
    registry: client.Registry,
    private readonly options: LiveChannelOptions = {},
  ) {
    this.gauge = new client.Gauge({ name: 'live_connections', help: 'Console tabs signed in on the live channel', registers: [registry] });
  }

  start(): void {
    this.wss.on('connection', (socket) => this.accept(socket));
    this.app.server.on('upgrade', this.onUpgrade);
    this.unsubscribe = this.deps.live.subscribe((event) => this.fanOut(event));
    const every = (ms: number, fn: () => void) => this.timers.push(setInterval(fn, ms).unref());
    every(this.options.recheckMs ?? 30_000, () => void this.recheckAll());
    every(this.options.pingMs ?? 30_000, () => this.ping());
    every(200, () => this.drainAll());
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.app.server.off('upgrade', this.onUpgrade);
    for (const timer of this.timers) clearInterval(timer);
    for (const socket of this.wss.clients) socket.close(LIVE_CLOSE.shutdown.code, LIVE_CLOSE.shutdown.reason);
    for (const socket of this.wss.clients) socket.terminate();
    this.tabs.clear();
    this.gauge.set(0);
    await new Promise<void>((r) => this.wss.close(() => r()));
  }

  /** Checks every tab's session again now: revoked, expired or disabled → closed with 4401. */
  async recheckAll(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    await Promise.all(
      [...this.tabs].map(async (tab) => {
        try {
          const user = await this.deps.sessions.authenticate(tab.token);
          if (!user) return this.close(tab.socket, LIVE_CLOSE.sessionGone);
          tab.user = user;
          if (now - tab.scopeAt >= (this.options.scopeMs ?? 60_000)) await tab.refreshScope(this.deps.db, now);
        } catch (err) {
          this.app.log.warn({ err }, '实时通道: 会话复核失败');
        }
      }),
    );
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== LIVE_PATH) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  };

  private accept(socket: WebSocket): void {
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('error', () => socket.terminate());
    const timeout = setTimeout(() => this.close(socket, LIVE_CLOSE.noHello), this.options.helloMs ?? 10_000);
    let tab: LiveTab | undefined;
    let pending = false;
    // the console sends its watch list right after the token: kept until the token is checked
    let early: number[] | undefined;
    socket.on('close', () => {
      clearTimeout(timeout);
      if (tab && this.tabs.delete(tab)) this.gauge.set(this.tabs.size);
    });
    socket.on('message', (data, isBinary) => {
      const message = isBinary ? undefined : parse(textOf(data));
      if (tab || pending) {
        const watch = liveWatchSchema.safeParse(message);
        if (watch.success && tab) tab.watch(watch.data.watch);
        else if (watch.success) early = watch.data.watch;
        return;
      }
      const hello = liveHelloSchema.safeParse(message);
      if (!hello.success) return this.close(socket, LIVE_CLOSE.badMessage);
      pending = true;
      void this.signIn(socket, hello.data.token)
        .then((signed) => {
          clearTimeout(timeout);
          if (!signed) return this.close(socket, LIVE_CLOSE.sessionGone);
          if (socket.readyState !== WebSocket.OPEN) return;
          tab = signed;
          if (early) tab.watch(early);
          this.tabs.add(tab);
          this.gauge.set(this.tabs.size);
        })
        .catch((err: unknown) => {
          this.app.log.warn({ err }, '实时通道: 登录校验失败');
          this.close(socket, { code: 1011, reason: '服务内部错误' });
        });
    });
  }

  private async signIn(socket: WebSocket, token: string): Promise<LiveTab | null> {
    const user = await this.deps.sessions.authenticate(token);
    if (!user) return null;
    const tab = new LiveTab(socket, user, token);
    await tab.refreshScope(this.deps.db, this.deps.clock.now().getTime());
    return tab;
  }

  private fanOut(event: LiveEvent): void {
    for (const tab of this.tabs) {
      if (tab.socket.readyState !== WebSocket.OPEN || !tab.sees(event)) continue;
      if (!tab.offer(event)) this.close(tab.socket, CLOSE_SLOW);
    }
  }

  private drainAll(): void {
    for (const tab of this.tabs) {
      if (tab.socket.readyState === WebSocket.OPEN && !tab.drain()) this.close(tab.socket, CLOSE_SLOW);
    }
  }

  private ping(): void {
    for (const socket of this.wss.clients) {
      if (!this.alive.has(socket)) {
        socket.terminate();
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
  }

  private close(socket: WebSocket, why: { code: number; reason: string }): void {
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(why.code, why.reason);
    // a peer that never answers the close frame is cut off
    setTimeout(() => socket.terminate(), 5000).unref();
  }
}

/** A text frame's data: one Buffer, or fragments as a list of them. */
function textOf(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.from(data as ArrayBuffer).toString();
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Registers the live channel on the app's HTTP server; stopped (tabs closed) before the server closes. */
export function registerLiveChannel(app: FastifyInstance, deps: AppDeps, registry: client.Registry, options?: LiveChannelOptions): LiveChannel {
  const channel = new LiveChannel(app, deps, registry, options);
  channel.start();
  channels.set(deps, channel);
  app.addHook('preClose', async () => channel.stop());
  return channel;
}
