import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LiveEvent } from '@gw/contracts';
import type { Db } from '../db/client.js';
import { type LiveBus, type LiveListener, LocalLiveBus } from './bus.js';

/** The PostgreSQL channel every node LISTENs on. */
export const LIVE_PG_CHANNEL = 'gw_live';
/** NOTIFY payloads must stay under 8000 bytes; leave room for the envelope. */
const PAYLOAD_MAX = 7800;
/** Events wait this long to travel to other nodes together. */
const BATCH_MS = 50;
/** Events waiting to travel while the database is slow; the oldest go first (they are stale anyway). */
const QUEUE_MAX = 5000;

interface Log {
  warn(obj: object, msg?: string): void;
}

/**
 * The bus across nodes on one PostgreSQL database: `publish` reaches this node's listeners at once and is
 * queued for the others; every ~50 ms the queue leaves in NOTIFY payloads of up to ~7.8 KB on `gw_live`
 * (pg_notify from the pool, one statement per payload — never one per event). One LISTEN connection per node
 * hears the others' payloads and fans them out in process; its own echo (same node id) is ignored.
 */
export class PgLiveBus implements LiveBus {
  readonly node = randomUUID();
  private readonly local = new LocalLiveBus();
  private queue: LiveEvent[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private listener?: pg.Client;
  private retry?: NodeJS.Timeout;
  private attempt = 0;
  private closed = false;
  /** Events that could not travel (too big for one payload, queue full, NOTIFY failed). */
  dropped = 0;

  constructor(
    private readonly pool: pg.Pool,
    public log?: Log,
  ) {}

  publish(event: LiveEvent): void {
    this.local.publish(event);
    if (this.closed) return;
    this.queue.push(event);
    if (this.queue.length > QUEUE_MAX) this.dropped += this.queue.splice(0, this.queue.length - QUEUE_MAX).length;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }, BATCH_MS);
  }

  subscribe(listener: LiveListener): () => void {
    return this.local.subscribe(listener);
  }

  /** Opens the LISTEN connection; resolves once it listens (later drops reconnect on their own). */
  async start(): Promise<void> {
    await this.listen();
  }

  /** Sends what is queued and closes the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }
    await this.flushing;
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  private async flush(): Promise<void> {
    const events = this.queue;
    this.queue = [];
    for (const payload of this.payloads(events)) {
      try {
        await this.pool.query('select pg_notify($1, $2)', [LIVE_PG_CHANNEL, payload]);
      } catch (err) {
        this.dropped += 1;
        this.log?.warn({ err }, '实时通道: 跨节点通知发送失败');
      }
    }
  }

  /** The events as few payloads as fit: `{"n":node,"e":[...]}` each under PAYLOAD_MAX bytes. */
  private *payloads(events: LiveEvent[]): Generator<string> {
    const head = `{"n":"${this.node}","e":[`;
    let parts: string[] = [];
    let size = Buffer.byteLength(head) + 2;
    for (const event of events) {
      const text = JSON.stringify(event);
      const bytes = Buffer.byteLength(text) + 1;
      if (bytes + Buffer.byteLength(head) + 2 > PAYLOAD_MAX) {
        // one event too big for NOTIFY (a box's huge realtime values): this node's tabs had it, others skip it
        this.dropped += 1;
        continue;
      }
      if (size + bytes > PAYLOAD_MAX) {
        yield `${head}${parts.join(',')}]}`;
        parts = [];
        size = Buffer.byteLength(head) + 2;
      }
      parts.push(text);
      size += bytes;
    }
    if (parts.length) yield `${head}${parts.join(',')}]}`;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (err) => {
      this.log?.warn({ err }, '实时通道: 监听连接出错,稍后重连');
      this.relisten(client);
    });
    client.on('end', () => this.relisten(client));
    this.listener = client;
    await client.connect();
    await client.query(`listen ${LIVE_PG_CHANNEL}`);
    this.attempt = 0;
  }

  private relisten(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    void client.end().catch(() => undefined);
    const delay = Math.min(30_000, 1000 * 2 ** this.attempt++);
    this.retry = setTimeout(() => {
      this.listen().catch((err: unknown) => {
        this.log?.warn({ err }, '实时通道: 监听连接失败,稍后重连');
        if (this.listener) this.relisten(this.listener);
      });
    }, delay);
    this.retry.unref();
  }

  private receive(payload: string | undefined): void {
    if (!payload) return;
    let message: { n?: string; e?: LiveEvent[] };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.n === this.node || !Array.isArray(message.e)) return;
    for (const event of message.e) this.local.publish(event);
  }
}

/** The live bus for this database: across nodes on real PostgreSQL, in process on PGlite (one process = one node). */
export function liveBusFor(db: Db, log?: Log): LiveBus {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? new PgLiveBus(client, log) : new LocalLiveBus();
}
