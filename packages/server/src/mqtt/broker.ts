import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

/** Path of MQTT over WebSocket on the HTTP server. */
export const MQTT_WS_PATH = '/custom/mqtt';

export interface BrokerOptions {
  /** TCP port; 0 picks any free one (tests, the start-up smoke, the browser tests). */
  port: number;
  host: string;
  /** PEM file paths: MQTT over TLS on `port` instead of plain TCP when both are set. */
  tlsCert: string;
  tlsKey: string;
  /** The HTTP server whose upgrades at MQTT_WS_PATH carry MQTT over WebSocket. */
  http: HttpServer;
}

export interface EmbeddedBroker {
  aedes: Aedes;
  /** The TCP (or TLS) port actually listened on. */
  port: number;
  tls: boolean;
  /**
   * Lets connections in. Until then a box's connection (TCP, TLS or WebSocket) waits unread: the port is taken
   * at start, but a box is heard only once the login check and every handler are in place — else a message
   * arriving in between would be acknowledged with nobody to store it.
   */
  open(): void;
  close(): Promise<void>;
}

/** Starts the embedded Aedes broker on TCP/TLS and on the HTTP server's WebSocket upgrades; close() stops all. */
export async function startBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  // connections that came before open(): their bytes stay buffered in the stream until aedes reads it
  let waiting: Duplex[] | null = [];
  const handle = (stream: Duplex) => {
    if (waiting) waiting.push(stream);
    else aedes.handle(stream);
  };
  const useTls = Boolean(options.tlsCert && options.tlsKey);
  const server = useTls
    ? tls.createServer({ cert: readFileSync(options.tlsCert), key: readFileSync(options.tlsKey) }, handle)
    : net.createServer(handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await new Promise<void>((r) => aedes.close(() => r()));
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`MQTT 端口 ${options.port} 已被占用,请用环境变量 MQTT_PORT 换一个端口(0 表示任一空闲端口)`, { cause: err });
    throw err;
  }

  // noServer: only upgrades at MQTT_WS_PATH are ours; others are left to whoever else listens
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (socket) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => stream.destroy());
    handle(stream);
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== MQTT_WS_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  options.http.on('upgrade', onUpgrade);

  const address = server.address();
  return {
    aedes,
    port: typeof address === 'object' && address ? address.port : options.port,
    tls: useTls,
    open() {
      const early = waiting ?? [];
      waiting = null;
      for (const stream of early) if (!stream.destroyed) aedes.handle(stream);
    },
    async close() {
      for (const stream of waiting ?? []) stream.destroy();
      waiting = null;
      options.http.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      await new Promise<void>((r) => aedes.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
