import { type SQL, sql } from 'drizzle-orm';
import type { OnlineReason } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { takeMachinesOffline } from '../ingest/offline.js';

export interface PresenceLog {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** A box that went online or offline: what the live channel and the list totals hear about. */
export interface Transition {
  device_id: number;
  customer_id: number;
  gateway_id: string;
  online: boolean;
  at: Date;
}

/** One presence change, written only to the boxes `where` (on `device`) still selects: the compare-and-set. */
export interface Change {
  online: boolean;
  where: SQL;
  /** The new session stamp (empty going offline) and since when the new state holds. */
  session: string;
  since: Date;
  /** The node holding (or, for an external broker, seeing) the connection; empty going offline. */
  node: string;
  at: Date;
  /** Why, in the 上下线记录; SQL may read `was`, the session being replaced. */
  reason: OnlineReason | SQL;
  ip: string;
  /** The node written in the 上下线记录 row. */
  logNode: string;
}

const iso = (d: Date) => d.toISOString();

/**
 * Applies one change in one statement: the device rows it still selects (locked), each with its row in
 * device_online_log (the session of an online row is the new one, of an offline row the one that ended).
 */
export async function applyChange(db: Db, change: Change): Promise<Transition[]> {
  const online = sql.raw(change.online ? 'true' : 'false');
  const touch = change.online ? sql`, last_seen_at = greatest(d.last_seen_at, ${iso(change.at)}::timestamptz)` : sql``;
  const reason = typeof change.reason === 'string' ? sql`${change.reason}` : change.reason;
  const logSession = change.online ? sql`${change.session}` : sql`was`;
  type Changed = { id: number; customer_id: number; gateway_id: string };
  const { rows } = (await db.execute<Changed>(sql`
    with changed as (
      update device d set online = ${online}, online_session = ${change.session}, online_since = ${iso(change.since)}::timestamptz,
        online_node = ${change.node}${touch}
      from (select id, online_session as was from device where ${change.where} for update) old
      where d.id = old.id
      returning d.id, d.customer_id, d.gateway_id, old.was
    ), logged as (
      insert into device_online_log (device_id, online, at, reason, session, ip, node)
      select id, ${online}, ${iso(change.at)}::timestamptz, ${reason}, ${logSession}, ${change.ip}, ${change.logNode} from changed
    )
    select id, customer_id, gateway_id from changed`)) as { rows: Changed[] };
  return rows.map((r) => ({ device_id: Number(r.id), customer_id: Number(r.customer_id), gateway_id: r.gateway_id, online: change.online, at: change.at }));
}

/** Tells the console: a live event per transition, and every list total forgotten (是否在线 counts change). */
export function announce(deps: Pick<CoreDeps, 'live' | 'counts'>, transitions: Transition[]): void {
  if (!transitions.length) return;
  deps.counts.forgetAll();
  for (const t of transitions) {
    deps.live.publish({ type: 'presence', customer_id: t.customer_id, device_id: t.device_id, gateway_id: t.gateway_id, online: t.online, at: t.at.toISOString() });
  }
}

/**
 * What follows written transitions: the console is told (announce), and the machine tools of each box gone
 * offline go 离线 from their last reading (takeMachinesOffline), each change heard live as the ingest's are. A
 * failure there is logged, not thrown: the box's own change stands.
 */
export async function afterTransitions(deps: Pick<CoreDeps, 'db' | 'live' | 'counts'>, transitions: Transition[], log: PresenceLog): Promise<void> {
  announce(deps, transitions);
  const gone = new Map(transitions.filter((t) => !t.online).map((t) => [t.device_id, t]));
  if (!gone.size) return;
  try {
    for (const m of await takeMachinesOffline(deps.db, [...gone.keys()])) {
      const box = gone.get(m.device_id)!;
      deps.live.publish({ type: 'machine_state', customer_id: box.customer_id, device_id: m.device_id, machine_id: m.machine_tool_id, state: 'offline', at: m.at.toISOString() });
    }
  } catch (err) {
    log.error({ err, device_ids: [...gone.keys()] }, '网关离线后更新其机床状态失败');
  }
}

/**
 * Reconciliation: the boxes still marked online that `stale` picks go offline with reason 'reconcile' (logged
 * by `node`), with their machine tools, and the console is told. A failure is logged, never thrown.
 */
export function reconcile(deps: Pick<CoreDeps, 'db' | 'clock' | 'live' | 'counts'>, stale: SQL, node: string, log: PresenceLog): Promise<void> {
  const at = deps.clock.now();
  return applyChange(deps.db, { online: false, where: sql`online and ${stale}`, session: '', since: at, node: '', at, reason: 'reconcile', ip: '', logNode: node })
    .then((transitions) => afterTransitions(deps, transitions, log))
    .catch((err: unknown) => log.error({ err }, '校正网关在线状态失败'));
}
