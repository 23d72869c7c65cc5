import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RolloutState } from '@gw/contracts';
import type { Tx } from '../../../db/client.js';
import { rollout, rolloutItem } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { ok } from '../../../http/reply.js';
import type { ActionHandler, Row } from '../../../http/resource/types.js';
import { REASON } from '../../../mqtt/ota/reasons.js';
import { MSG } from './messages.js';

/** Tells the tabs a rollout changed, once the request's transaction is committed. */
export type Announce = (req: FastifyRequest, rolloutId: number, state: RolloutState) => void;

function requireState(row: Row, action: string, allowed: readonly RolloutState[]): RolloutState {
  const state = row.state as RolloutState;
  if (!allowed.includes(state)) throw badRequest(MSG.wrongState(action, allowed, state));
  return state;
}

/**
 * 暂停, 继续, 取消, 重试失败: each in the request's transaction on the rollout's locked row (the runner skips a
 * locked rollout and takes it up on its next tick).
 */
export function rolloutActions(now: () => Date, announce: Announce): Record<'pause' | 'resume' | 'cancel' | 'retry', ActionHandler> {
  const setState = async (tx: Tx, id: number, values: Partial<typeof rollout.$inferInsert>) => {
    await tx.update(rollout).set(values).where(eq(rollout.id, id));
  };

  return {
    async pause(req, [row], _body, tx) {
      requireState(row, '暂停', ['running']);
      await setState(tx, row.id as number, { state: 'paused', updated_at: now() });
      announce(req, row.id as number, 'paused');
      return ok(null, MSG.paused);
    },

    /** A paused rollout goes on with its batch (the offline wait counts again from now); a stopped one starts its next batch. */
    async resume(req, [row], _body, tx) {
      const state = requireState(row, '继续', ['paused', 'stopped']);
      const at = now();
      const batch = row.batch as number;
      const last = state === 'stopped' && batch >= (row.batches as number);
      if (last) {
        await setState(tx, row.id as number, { state: 'done', stop_reason: '', finished_at: at, updated_at: at });
      } else {
        const next = state === 'stopped' ? batch + 1 : batch;
        await setState(tx, row.id as number, { state: 'running', stop_reason: '', batch: next, batch_started_at: at, next_batch_at: at, updated_at: at });
      }
      announce(req, row.id as number, last ? 'done' : 'running');
      return ok(null, MSG.resumed);
    },

    /** Boxes not started are skipped; boxes already updating go on, and what they report is still recorded. */
    async cancel(req, [row], _body, tx) {
      requireState(row, '取消', ['running', 'paused', 'stopped']);
      const at = now();
      await setState(tx, row.id as number, { state: 'cancelled', finished_at: at, updated_at: at });
      await tx
        .update(rolloutItem)
        .set({ state: 'skipped', error: REASON.cancelled, updated_at: at })
        .where(and(eq(rolloutItem.rollout_id, row.id as number), eq(rolloutItem.state, 'pending')));
      announce(req, row.id as number, 'cancelled');
      return ok(null, MSG.cancelled);
    },

    /** The failed boxes go again; the rollout runs from the earliest batch holding one of them (a done one reopens). */
    async retry(req, [row], _body, tx) {
      requireState(row, '重试', ['running', 'paused', 'stopped', 'done']);
      const at = now();
      const retried = await tx
        .update(rolloutItem)
        .set({ state: 'pending', error: '', progress: 0, attempts: sql`${rolloutItem.attempts} + 1`, sent_at: null, updated_at: at })
        .where(and(eq(rolloutItem.rollout_id, row.id as number), eq(rolloutItem.state, 'failed')))
        .returning({ batch: rolloutItem.batch });
      if (!retried.length) throw badRequest(MSG.nothingFailed);
      const earliest = retried.reduce((least, r) => Math.min(least, r.batch), Infinity);
      const batch = row.state === 'done' ? earliest : Math.min(earliest, row.batch as number);
      await setState(tx, row.id as number, {
        state: 'running',
        stop_reason: '',
        finished_at: null,
        batch,
        batch_started_at: at,
        next_batch_at: at,
        updated_at: at,
      });
      announce(req, row.id as number, 'running');
      return ok(null, MSG.retried(retried.length));
    },
  };
}
