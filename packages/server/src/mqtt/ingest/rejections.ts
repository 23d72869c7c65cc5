import { sql } from 'drizzle-orm';
import { gatewayIdSchema } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Batcher } from './batcher.js';
import { payloadHead, visible } from './head.js';
import type { IngestLog } from './types.js';

/** The boxes' last rejections are written at most this long after one (one statement for all boxes meanwhile)... */
const FLUSH_MS = 1000;
/** ...or as soon as this many wait, so a flood of refused messages holds little memory. */
const FLUSH_MAX = 1000;
/** One warning per box in this long at most; the next one says how many were left out. */
export const WARN_WINDOW_MS = 60_000;

interface Rejection {
  gw: string;
  at: string;
  reason: string;
  head: string;
}

/**
 * 数据格式错误: a message or value the ingest refuses is acknowledged all the same (a box would otherwise send it
 * for ever) but never silently. A warning names the box and why, at most one per box a minute, the next one
 * counting those left out; and the box's row keeps its last rejection — when, why, the message's first bytes —
 * where every node and the console see it. Rows are written together, each box's last rejection once: a box
 * sending a hundred bad messages a second costs one UPDATE a second, shared with every box refused meanwhile
 * (sooner only once FLUSH_MAX wait).
 */
export class Rejections {
  private readonly writes: Batcher<Rejection>;
  private readonly warned = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: IngestLog,
    flushMs = FLUSH_MS,
  ) {
    // write never throws (a failure is logged): nothing waits on add's promise
    this.writes = new Batcher((list) => this.write(list), flushMs, FLUSH_MAX);
  }

  /** A refused message (or a message with a refused value): `reason` is the person's sentence, `context` goes to the log. */
  record(gatewayId: string, reason: string, payload: Buffer, context: Record<string, unknown> = {}): void {
    const at = this.clock.now();
    const text = visible(reason);
    this.warn(gatewayId, text, at.getTime(), context);
    // a topic's id that no box can have (an external broker's client) matches no row: not worth a statement
    if (!gatewayIdSchema.safeParse(gatewayId).success) return;
    void this.writes.add([{ gw: gatewayId, at: at.toISOString(), reason: text, head: payloadHead(payload) }]);
  }

  /** Writes what is waiting. */
  stop(): Promise<void> {
    return this.writes.drain();
  }

  private warn(gatewayId: string, reason: string, now: number, context: Record<string, unknown>): void {
    const seen = this.warned.get(gatewayId);
    if (seen && now - seen.at < WARN_WINDOW_MS) {
      seen.suppressed++;
      return;
    }
    if (this.warned.size >= 100_000) this.warned.clear();
    this.warned.set(gatewayId, { at: now, suppressed: 0 });
    const suppressed = seen?.suppressed ?? 0;
    const more = suppressed ? `(上次记录后另有 ${suppressed} 条被拒收,未逐条记录)` : '';
    this.log.warn({ gateway_id: gatewayId, reason, ...context, suppressed }, `网关 ${gatewayId} 的遥测被拒收: ${reason}${more}`);
  }

  private async write(list: Rejection[]): Promise<void> {
    const last = new Map(list.map((r) => [r.gw, r]));
    const rows = JSON.stringify([...last.values()]);
    try {
      // rows locked in id order, as the presence writes lock them (in any order, two such statements deadlock)
      await this.db.execute(sql`
        update device d set rejected_at = v.at, rejected_reason = v.reason, rejected_head = v.head
        from (select s.id, j.at, j.reason, j.head from device s
                join jsonb_to_recordset(${rows}::jsonb) as j(gw text, at timestamptz, reason text, head text) on s.gateway_id = j.gw
               where s.rejected_at is null or s.rejected_at <= j.at
               order by s.id
               for update of s) v
        where d.id = v.id`);
    } catch (err) {
      this.log.error({ err, boxes: last.size }, '记录网关被拒收的遥测失败');
    }
  }
}
