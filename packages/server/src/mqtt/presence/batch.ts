import { sql } from 'drizzle-orm';
import type { OnlineReason } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import { type PresenceLog, type Transition, afterTransitions } from './transitions.js';

/** One connect or disconnect this node saw (the embedded broker). */
export interface ConnectionChange {
  gatewayId: string;
  online: boolean;
  /** The connection's session stamp: the new one going online, the one that ended going offline. */
  session: string;
  at: Date;
  ip: string;
  reason: OnlineReason;
}

interface Waiting {
  change: ConnectionChange;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Connects and disconnects written together: those of `windowMs` (or `max` of them) in one statement, each with
 * its compare-and-set — a connect takes its box, a disconnect only while its session is still the box's — and its
 * row in device_online_log. A fleet reconnecting after a restart costs a few hundred statements, not one per box.
 * A box is never twice in one batch: its changes come one after another (the caller's queue per box).
 * Then the machine tools of the boxes gone offline go 离线 (afterTransitions) before the changes resolve.
 */
export function connectionWriter(deps: Pick<CoreDeps, 'db' | 'live' | 'counts'>, node: string, log: PresenceLog, windowMs = 5, max = 500) {
  let pending: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    write(batch.map((w) => w.change)).then(
      async (transitions) => {
        await afterTransitions(deps, transitions, log);
        for (const w of batch) w.resolve();
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
      },
    );
  };

  async function write(changes: ConnectionChange[]): Promise<Transition[]> {
    const input = JSON.stringify(
      changes.map((c) => ({ gateway_id: c.gatewayId, online: c.online, session: c.session, at: c.at.toISOString(), ip: c.ip, reason: c.reason })),
    );
    type Changed = { id: number; customer_id: number; gateway_id: string; online: boolean; at: string | Date };
    const { rows } = (await deps.db.execute<Changed>(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as i(gateway_id text, online boolean, session text, at timestamptz, ip text, reason text)
      ), old as (
        select d.id, d.online_session as was, i.* from device d join input i on d.gateway_id = i.gateway_id
         where i.online or (d.online and d.online_session = i.session)
         -- locked in id order, as LastSeen's flush locks them: two batches over the same boxes never deadlock
         order by d.id
         for update of d
      ), changed as (
        update device d set online = old.online,
          online_session = case when old.online then old.session else '' end,
          online_since = old.at,
          online_node = case when old.online then ${node} else '' end,
          last_seen_at = case when old.online then greatest(d.last_seen_at, old.at) else d.last_seen_at end
        from old where d.id = old.id
        returning d.id, d.customer_id, d.gateway_id, old.was, old.online, old.at, old.session, old.ip, old.reason
      ), logged as (
        insert into device_online_log (device_id, online, at, reason, session, ip, node)
        select id, online, at, reason, case when online then session else was end, ip, ${node} from changed
      )
      select id, customer_id, gateway_id, online, at from changed`)) as { rows: Changed[] };
    return rows.map((r) => ({ device_id: Number(r.id), customer_id: Number(r.customer_id), gateway_id: r.gateway_id, online: r.online, at: new Date(r.at) }));
  }

  return {
    /** Resolves once the change is written (or found stale) and announced. */
    apply(change: ConnectionChange): Promise<void> {
      return new Promise((resolve, reject) => {
        pending.push({ change, resolve, reject });
        if (pending.length >= max) flush();
        else timer ??= setTimeout(flush, windowMs);
      });
    },
  };
}
