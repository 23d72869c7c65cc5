import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BOX_API, type BoxUpgrade, type RolloutItemState, type RolloutState } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import { BoxCommandError, type BoxCommands, type BoxReply } from '../commands/types.js';
import { firmwareDownloadUrl } from './file-token.js';
import type { RolloutNews } from './news.js';
import { REASON } from './reasons.js';
import { type Send, type StepResult, stepRollout } from './step.js';

/** How often the runner looks at the running rollouts. */
export const ROLLOUT_TICK_MS = 1000;
/** How soon after a box finished the runner makes an extra pass (boxes finishing within it share the pass). */
const SOON_MS = 50;

export interface RolloutRunner {
  /** One pass over the running rollouts (the timer's; tests call it to go faster). Passes never overlap. */
  tick(): Promise<void>;
  /** A box finished: a pass soon (not waiting for the timer), so its slot goes to the next box at once. */
  soon(): void;
  stop(): Promise<void>;
}

/** The box's own words for a refused upgrade (text, or `{message}`), else its status. */
function refusal(reply: BoxReply): string {
  const msg = reply.msg;
  if (typeof msg === 'string' && msg.trim()) return msg.slice(0, 200);
  if (msg && typeof msg === 'object' && typeof (msg as { message?: unknown }).message === 'string') return (msg as { message: string }).message.slice(0, 200);
  return REASON.refused(reply.ret);
}

/**
 * Drives the running rollouts from this node, every `tickMs`: each rollout's step in its own transaction (its
 * row locked with SKIP LOCKED, so with several nodes one drives it at a time), then the upgrade commands of the
 * boxes it put in `sending`, not waited for: an echo with ret 0 leaves the box `sending` until it reports (the
 * echo is noted as updated_at past sent_at); another ret fails it with the box's words; 设备不在线 puts it back
 * to pending (the batch's offline deadline decides later); no echo fails it with 设备无响应.
 */
export function startRunner(app: FastifyInstance, deps: CoreDeps, commands: BoxCommands, news: RolloutNews, log: FastifyBaseLogger, tickMs = ROLLOUT_TICK_MS): RolloutRunner {
  const { db, clock } = deps;
  const orphanMs = 2 * deps.config.boxCommandTimeoutSeconds * 1000;
  // the pass and the writes ask the timer (made below, once the pass exists) whether the runner stopped
  const stopped = (): boolean => periodic.stopped;
  /** Replies being written: stop waits for them (not for the replies still awaited). A reply is written only while the box's row still holds its send. */
  const writing = new Set<Promise<void>>();

  const setItem = (rolloutId: number, send: Send, set: SQL, state: RolloutItemState, also: SQL = sql`true`): Promise<void> => {
    // after stop the database is about to close: the box's row stays as it is, and the next runner sorts it out
    if (stopped()) return Promise.resolve();
    const write = db
      .execute<{ state: RolloutState }>(sql`
        update rollout_item i set ${set}
          from rollout r where r.id = i.rollout_id and i.rollout_id = ${rolloutId} and i.device_id = ${send.device_id}
           and i.state = 'sending' and i.sent_at = ${send.sent_at}::timestamptz and ${also}
        returning r.state`)
      .then((result) => {
        const { rows } = result as { rows: { state: RolloutState }[] };
        if (rows.length) news.box(rolloutId, send.device_id, state, rows[0].state);
      })
      .finally(() => writing.delete(write));
    writing.add(write);
    return write;
  };

  const answered = (rolloutId: number, send: Send, reply: BoxReply) => {
    const at = clock.now().toISOString();
    if (reply.ret === 0) {
      // still sending, but the box has it: updated_at past sent_at says so (a lost command has them equal)
      return setItem(rolloutId, send, sql`updated_at = greatest(${at}::timestamptz, i.sent_at + interval '1 millisecond')`, 'sending');
    }
    return setItem(rolloutId, send, sql`state = 'failed', error = ${refusal(reply)}, updated_at = ${at}`, 'failed');
  };

  const unanswered = (rolloutId: number, send: Send, error: unknown) => {
    const at = clock.now().toISOString();
    if (error instanceof BoxCommandError && error.reason === 'offline') {
      return setItem(rolloutId, send, sql`state = 'pending', sent_at = null, updated_at = ${at}`, 'pending');
    }
    if (error instanceof BoxCommandError) {
      return setItem(rolloutId, send, sql`state = 'failed', error = ${REASON.noAnswer}, updated_at = ${at}`, 'failed', sql`i.updated_at <= i.sent_at`);
    }
    log.error({ err: error, gateway_id: send.gateway_id }, '发送升级指令失败');
    return Promise.resolve();
  };

  const sendAll = async (step: StepResult) => {
    const { release } = step;
    for (const send of step.sends) {
      const data: BoxUpgrade = {
        rollout_id: step.rolloutId,
        version: release.version,
        url: await firmwareDownloadUrl(app, deps, release.id, send.gateway_id),
        sha256: release.sha256,
        size: release.size,
      };
      if (stopped()) return;
      void commands
        // the step has just seen the box online: no second look at its presence row
        .send(send.gateway_id, { method: 'POST', url: BOX_API.upgrade, data }, { reachable: true })
        .then(
          (reply) => answered(step.rolloutId, send, reply),
          (error: unknown) => unanswered(step.rolloutId, send, error),
        )
        .catch((err: unknown) => log.error({ err, gateway_id: send.gateway_id }, '记录升级指令的回复失败'));
    }
  };

  const pass = async () => {
    const now = clock.now();
    const { rows } = (await db.execute<{ id: number }>(sql`
      select id from rollout where state = 'running' and (next_batch_at is null or next_batch_at <= ${now.toISOString()})
       order by id`)) as { rows: { id: number }[] };
    for (const { id } of rows) {
      if (stopped()) return;
      try {
        const step = await db.transaction((tx) => stepRollout(tx, Number(id), { now: clock.now(), orphanMs }));
        if (!step) continue;
        for (const c of step.changed) news.box(step.rolloutId, c.device_id, c.state, step.state);
        if (step.moved) news.rollout(step.rolloutId, step.state);
        await sendAll(step);
      } catch (err) {
        log.error({ err, rollout_id: id }, '固件推送执行失败');
      }
    }
  };

  const periodic = startPeriodic(app, pass, { everyMs: tickMs, soonMs: SOON_MS, log, failure: '固件推送执行失败' });
  const { tick, soon } = periodic;
  return {
    tick,
    // boxes finishing together (a batch's reboot wave) make one extra pass, not one each
    soon,
    async stop() {
      await periodic.stop();
      await Promise.allSettled(writing);
    },
  };
}
