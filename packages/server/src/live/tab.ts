import type WebSocket from 'ws';
import { DEVICE_PATH, type LiveEvent, REMOTE_SESSION_PATH, VERSION_PATH, can } from '@gw/contracts';
import type { Db } from '../db/client.js';
import { customerSubtree } from '../http/scope.js';
import type { SessionUser } from '../http/types.js';

/** Above this many bytes waiting in the socket, events are held back (the latest per thing kept) instead of sent. */
export const SLOW_BYTES = 256 * 1024;
/** A tab holding this many events back, or this many bytes unsent, is closed: it cannot keep up. */
const HELD_MAX = 2000;
const STUCK_BYTES = 4 * 1024 * 1024;
/** Close code and reason for a tab that cannot keep up (it reconnects and reloads what it shows). */
export const CLOSE_SLOW = { code: 4429, reason: '连接过慢,已断开' };

/** Events about the same thing replace each other while a tab is slow: only the latest state matters. */
function keyOf(event: LiveEvent): string {
  switch (event.type) {
    case 'presence':
      return `p${event.device_id}`;
    case 'machine_state':
      return `m${event.machine_id}`;
    case 'realtime':
      return `r${event.machine_id}`;
    case 'alarm':
      return `a${event.machine_id}:${event.alarm_no}`;
    case 'job':
      return `j${event.job_id}`;
    case 'rollout':
      return `o${event.rollout_id}:${event.device_id ?? ''}`;
    case 'debug':
      return `d${event.session_id}:${event.command_id}`;
    case 'remote_session':
      return `s${event.session_id}`;
  }
}

/**
 * One authenticated browser tab on the live channel: who it is, which customers it may see (cached, refreshed
 * by the channel), which devices it watches, and what it holds back while its socket is slow.
 */
export class LiveTab {
  /** null: every customer (the vendor's staff). */
  private customers: Set<number> | null = null;
  private watched = new Set<number>();
  private readonly held = new Map<string, LiveEvent>();
  scopeAt = 0;

  constructor(
    readonly socket: WebSocket,
    public user: SessionUser,
    readonly token: string,
  ) {}

  /** Reads the user's customer subtree again (customers move between parents; users change company). */
  async refreshScope(db: Db, now: number): Promise<void> {
    this.scopeAt = now;
    if (this.user.scope === 'all') {
      this.customers = null;
      return;
    }
    if (this.user.customerId == null) {
      this.customers = new Set();
      return;
    }
    const result: unknown = await db.execute(customerSubtree(this.user.customerId));
    const { rows } = result as { rows: { id: number }[] };
    this.customers = new Set(rows.map((r) => Number(r.id)));
  }

  watch(deviceIds: number[]): void {
    this.watched = new Set(deviceIds);
  }

  /**
 * Whether this tab may see the event: its own jobs and debug replies; rollouts to the vendor's users with 版本管理 query; remote
 * sessions of its customers' boxes with 远程会话 query, and its own; devices of its customers with 网关设备 query.
 */
  sees(event: LiveEvent): boolean {
    if (event.type === 'job' || event.type === 'debug') return event.user_id === this.user.id;
    if (event.type === 'rollout') return this.user.scope === 'all' && can(this.user.grants, VERSION_PATH, 'query');
    if (event.type === 'remote_session') {
      // the requester sees its answer (待审批 → 进行中 / 已拒绝) whatever its grants; others as the list shows them
      if (event.user_id === this.user.id) return true;
      return can(this.user.grants, REMOTE_SESSION_PATH, 'query') && (!this.customers || this.customers.has(event.customer_id));
    }
    if (!can(this.user.grants, DEVICE_PATH, 'query')) return false;
    if (this.customers && !this.customers.has(event.customer_id)) return false;
    return event.type !== 'realtime' || this.watched.has(event.device_id);
  }

  /** Sends the event, or holds it back while the socket is slow; false when the tab has to be closed. */
  offer(event: LiveEvent): boolean {
    if (!this.held.size && this.socket.bufferedAmount < SLOW_BYTES) {
      this.socket.send(JSON.stringify(event));
      return true;
    }
    const key = keyOf(event);
    this.held.delete(key);
    this.held.set(key, event);
    return this.held.size <= HELD_MAX && this.socket.bufferedAmount < STUCK_BYTES;
  }

  /** Sends what was held back once the socket has drained, as one array; false when the tab has to be closed. */
  drain(): boolean {
    if (!this.held.size) return true;
    if (this.socket.bufferedAmount >= SLOW_BYTES) return this.socket.bufferedAmount < STUCK_BYTES;
    const events = [...this.held.values()];
    this.held.clear();
    this.socket.send(JSON.stringify(events));
    return true;
  }
}
