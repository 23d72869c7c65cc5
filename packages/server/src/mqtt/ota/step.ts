import { sql } from 'drizzle-orm';
import { ROLLOUT_ITEM_TIMEOUT_MINUTES, type RolloutItemState, type RolloutState } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { REASON, stopReason } from './reasons.js';

/** A box the step put in `sending`: the command goes out once the step is committed. */
export interface Send {
  device_id: number;
  gateway_id: string;
  /** When it went out: the reply is written only while the row still holds this send. */
  sent_at: string;
}

/** What one step of a rollout did: the commands to send, the boxes it changed, the rollout's state after it. */
export interface StepResult {
  rolloutId: number;
  state: RolloutState;
  /** The rollout's own state or batch moved. */
  moved: boolean;
  release: { id: number; version: string; sha256: string; size: number };
  sends: Send[];
  changed: { device_id: number; state: RolloutItemState }[];
}

export interface StepTimes {
  now: Date;
  /** A command with no echo after this long was in flight on a node that is gone. */
  orphanMs: number;
  /** A busy box back on another connection and silent this long since its last word is sent its order again. */
  resumeMs?: number;
  /** A busy box with no word for this long fails with 升级超时. */
  itemTimeoutMs?: number;
}

type Locked = {
  id: number;
  batch: number;
  batches: number;
  concurrency: number;
  pause_seconds: number;
  stop_failure_percent: number;
  offline_deadline_minutes: number;
  batch_started_at: string | Date | null;
  next_batch_at: string | Date | null;
  version_id: number;
  version: string;
  sha256: string;
  size: number | string;
};

/** How long a busy box back on another connection may stay silent before its order goes again. */
export const RESUME_AFTER_MS = 5000;

const iso = (date: Date) => date.toISOString();

/**
 * One step of a running rollout, in the caller's transaction: its row locked with SKIP LOCKED (another node, or a
 * person pausing it, has it now: null). Busy boxes past their time fail; a command whose node died goes again
 * once; a busy box back on another connection gets its order again; offline boxes past the batch's deadline are
 * skipped; pending online boxes of the batch go to `sending` up to the concurrency; a batch whose boxes are all
 * final stops the rollout (failures past the threshold), ends it, or starts the next batch after the pause.
 * Several steps may follow each other while nothing waits.
 */
export async function stepRollout(tx: Tx, rolloutId: number, times: StepTimes): Promise<StepResult | null> {
  const { now } = times;
  const [r] = await queryRows<Locked>(
    tx,
    sql`select r.id, r.batch, r.batches, r.concurrency, r.pause_seconds, r.stop_failure_percent, r.offline_deadline_minutes,
               r.batch_started_at, r.next_batch_at, r.version_id, v.version, v.sha256, v.size
          from rollout r join firmware_version v on v.id = r.version_id
         where r.id = ${rolloutId} and r.state = 'running'
         for update of r skip locked`,
  );
  if (!r) return null;
  const result: StepResult = {
    rolloutId,
    state: 'running',
    moved: false,
    release: { id: r.version_id, version: r.version, sha256: r.sha256, size: Number(r.size) },
    sends: [],
    changed: [],
  };
  if (r.next_batch_at && new Date(r.next_batch_at) > now) return result;
  const changed = (rows: { device_id: number; state: RolloutItemState }[]) => result.changed.push(...rows.map((x) => ({ device_id: Number(x.device_id), state: x.state })));

  // commands lost with their node: sent, never echoed, long past the command timeout — again once, then 设备无响应
  changed(
    await queryRows(
      tx,
      sql`update rollout_item set state = case when error = ${REASON.resent} then 'failed' else 'pending' end,
                 error = case when error = ${REASON.resent} then ${REASON.noAnswer} else ${REASON.resent} end,
                 attempts = attempts + 1, sent_at = null, updated_at = ${iso(now)}
           where rollout_id = ${rolloutId} and state = 'sending' and updated_at <= sent_at
             and sent_at < ${iso(new Date(now.getTime() - times.orphanMs))}
       returning device_id, state`,
    ),
  );
  // busy boxes back on another connection since their order went out, and silent since (the words they had queued
  // come first): the order again. One still at it answers 0 and goes on; one that lost it (it restarted, or its
  // failure report went to a server that was gone) starts over. Once per connection; installing is left to the
  // version the box comes back with. updated_at stays the box's last word: a box that does not answer this send is
  // an unechoed command (again once, then 设备无响应), and only the box's own words put off 升级超时.
  const resumeMs = times.resumeMs ?? RESUME_AFTER_MS;
  const resent = await queryRows<{ device_id: number; gateway_id: string; state: RolloutItemState }>(
    tx,
    sql`update rollout_item i set state = 'sending', sent_at = ${iso(now)}, progress = 0, session = d.online_session
          from device d
         where i.rollout_id = ${rolloutId} and d.id = i.device_id and i.state in ('sending', 'downloading', 'verifying')
           and d.online and d.online_session <> '' and d.online_session <> i.session
           and i.updated_at < ${iso(new Date(now.getTime() - resumeMs))}
     returning i.device_id, i.gateway_id, i.state`,
  );
  result.sends.push(...resent.map((s) => ({ device_id: Number(s.device_id), gateway_id: s.gateway_id, sent_at: iso(now) })));
  changed(resent);

  // busy boxes that stopped reporting
  const itemTimeoutMs = times.itemTimeoutMs ?? ROLLOUT_ITEM_TIMEOUT_MINUTES * 60_000;
  changed(
    await queryRows(
      tx,
      sql`update rollout_item set state = 'failed', error = ${REASON.timeout}, updated_at = ${iso(now)}
           where rollout_id = ${rolloutId} and state in ('sending', 'downloading', 'verifying', 'installing')
             and updated_at < ${iso(new Date(now.getTime() - itemTimeoutMs))}
       returning device_id, state`,
    ),
  );

  for (let steps = 0; steps < 10; steps++) {
    const started = r.batch_started_at ? new Date(r.batch_started_at) : now;
    if (now.getTime() - started.getTime() > r.offline_deadline_minutes * 60_000) {
      changed(
        await queryRows(
          tx,
          sql`update rollout_item i set state = 'skipped', error = ${REASON.offline}, updated_at = ${iso(now)}
                from device d
               where i.rollout_id = ${rolloutId} and i.batch <= ${r.batch} and i.state = 'pending' and d.id = i.device_id and not d.online
           returning i.device_id, i.state`,
        ),
      );
    }

    const [{ busy }] = await queryRows<{ busy: number }>(
      tx,
      sql`select count(*)::int as busy from rollout_item
           where rollout_id = ${rolloutId} and state in ('sending', 'downloading', 'verifying', 'installing')`,
    );
    const room = r.concurrency - Number(busy);
    if (room > 0) {
      const sent = await queryRows<{ device_id: number; gateway_id: string; state: RolloutItemState }>(
        tx,
        sql`update rollout_item i set state = 'sending', sent_at = ${iso(now)}, updated_at = ${iso(now)}, progress = 0, session = next.online_session
              from (select ri.device_id, d.online_session from rollout_item ri join device d on d.id = ri.device_id
                     where ri.rollout_id = ${rolloutId} and ri.batch <= ${r.batch} and ri.state = 'pending' and d.online
                     order by ri.batch, ri.gateway_id limit ${room}
                       for update of ri skip locked) next
             where i.rollout_id = ${rolloutId} and i.device_id = next.device_id
         returning i.device_id, i.gateway_id, i.state`,
      );
      result.sends.push(...sent.map((s) => ({ device_id: Number(s.device_id), gateway_id: s.gateway_id, sent_at: iso(now) })));
      changed(sent);
    }

    const [batch] = await queryRows<{ total: number; failed: number; open: number }>(
      tx,
      sql`select count(*) filter (where batch = ${r.batch})::int as total,
                 count(*) filter (where batch = ${r.batch} and state = 'failed')::int as failed,
                 count(*) filter (where state not in ('done', 'failed', 'skipped'))::int as open
            from rollout_item where rollout_id = ${rolloutId} and batch <= ${r.batch}`,
    );
    if (Number(batch.open) > 0) break;
    const total = Number(batch.total);
    const failed = Number(batch.failed);
    result.moved = true;
    if (total > 0 && failed * 100 > r.stop_failure_percent * total) {
      result.state = 'stopped';
      await tx.execute(sql`update rollout set state = 'stopped', stop_reason = ${stopReason(r.batch, failed, total, r.stop_failure_percent)},
                                  updated_at = ${iso(now)} where id = ${rolloutId}`);
      break;
    }
    // the next batch with a box still to go (after a retry the batches between may all be final already)
    const [next] = await queryRows<{ batch: number | null }>(
      tx,
      sql`select min(batch) as batch from rollout_item
           where rollout_id = ${rolloutId} and batch > ${r.batch} and state not in ('done', 'failed', 'skipped')`,
    );
    if (next.batch == null) {
      result.state = 'done';
      await tx.execute(sql`update rollout set state = 'done', finished_at = ${iso(now)}, updated_at = ${iso(now)} where id = ${rolloutId}`);
      break;
    }
    const resume = new Date(now.getTime() + r.pause_seconds * 1000);
    Object.assign(r, { batch: Number(next.batch), batch_started_at: now, next_batch_at: resume });
    await tx.execute(sql`update rollout set batch = ${r.batch}, batch_started_at = ${iso(now)}, next_batch_at = ${iso(resume)},
                                updated_at = ${iso(now)} where id = ${rolloutId}`);
    if (resume > now) break;
  }
  return result;
}
