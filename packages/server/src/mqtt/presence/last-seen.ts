import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { PresenceLog } from './transitions.js';

/**
 * 最后在线时间: every message a box publishes touches its time here, in memory; every `intervalMs` one UPDATE
 * writes all the boxes heard since the last write. One write per message is what makes last-activity tracking
 * the bottleneck of a fleet.
 */
export class LastSeen {
  private pending = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    intervalMs: number,
    private readonly log: PresenceLog,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Called for every message: a map write, nothing that can throw or wait. */
  touch(gatewayId: string): void {
    this.pending.set(gatewayId, this.clock.now().getTime());
  }

  /** Writes the pending times in one statement (flushes never overlap). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** The last flush; the timer stops. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = JSON.stringify([...batch].map(([gw, at]) => ({ gw, at: new Date(at).toISOString() })));
    try {
      // rows locked in id order, as the presence batches lock them (in any order, two such batches deadlock and
      // PostgreSQL aborts one: a batch of connects lost would leave connected boxes listed offline)
      await this.db.execute(sql`
        update device d set last_seen_at = v.at
        from (select s.id, j.at from device s join jsonb_to_recordset(${rows}::jsonb) as j(gw text, at timestamptz) on s.gateway_id = j.gw
               where s.last_seen_at is null or s.last_seen_at < j.at
               order by s.id
               for update of s) v
        where d.id = v.id`);
    } catch (err) {
      this.log.error({ err, boxes: batch.size }, '写入网关最后在线时间失败');
      // kept for the next flush unless the box has been heard again since
      for (const [gw, at] of batch) if (!this.pending.has(gw)) this.pending.set(gw, at);
    }
  }
}
