import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLLOUT_LIMITS, type RolloutCreate } from '@gw/contracts';
import type { Tx } from '../../../db/client.js';
import { firmwareVersion, rollout } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { MSG } from './messages.js';
import { SKIP_REASONS, intArray, resolveTarget } from './target.js';

/** A batch's size: the one given, or that share of the boxes that will update (at least one). */
export function batchSizeOf(body: Pick<RolloutCreate, 'batch_size' | 'batch_percent'>, eligible: number): number {
  return body.batch_size ?? Math.max(1, Math.ceil((eligible * (body.batch_percent ?? 100)) / 100));
}

/**
 * Creates a rollout of a published release in the request's transaction: the target resolved to boxes, those
 * that will update put in batches by gateway id, the others kept as skipped (batch 0) with their reason. The
 * boxes are written with one statement, however many. A target whose boxes all skip gives a rollout already done.
 */
export async function createRollout(req: FastifyRequest, tx: Tx, body: RolloutCreate, now: Date): Promise<typeof rollout.$inferSelect> {
  const [release] = await tx.select().from(firmwareVersion).where(eq(firmwareVersion.id, body.version_id));
  if (!release) throw badRequest(MSG.versionMissing);
  if (release.status !== 'published') throw badRequest(MSG.notPublished);

  const boxes = await resolveTarget(tx, req.user, body.target, release);
  if (!boxes.length) throw badRequest(MSG.noBoxes);
  if (boxes.length > ROLLOUT_LIMITS.maxBoxes) throw badRequest(MSG.tooMany(ROLLOUT_LIMITS.maxBoxes));

  const eligible = boxes.filter((b) => b.skip === 0).length;
  const batchSize = batchSizeOf(body, eligible);
  const batches = Math.ceil(eligible / batchSize);
  const [row] = await tx
    .insert(rollout)
    .values({
      version_id: release.id,
      target: body.target,
      batch_size: batchSize,
      concurrency: body.concurrency,
      pause_seconds: body.pause_seconds,
      stop_failure_percent: body.stop_failure_percent,
      offline_deadline_minutes: body.offline_deadline_minutes,
      remark: body.remark,
      state: batches ? 'running' : 'done',
      batch: batches ? 1 : 0,
      batches,
      batch_started_at: now,
      next_batch_at: now,
      finished_at: batches ? null : now,
      created_by: req.user.id,
    })
    .returning();

  let n = 0;
  const batchOf = boxes.map((b) => (b.skip ? 0 : Math.floor(n++ / batchSize) + 1));
  const reasons = sql.join(
    SKIP_REASONS.map((reason, code) => sql`when ${code} then ${reason}`),
    sql` `,
  );
  await tx.execute(sql`
    insert into rollout_item (rollout_id, device_id, gateway_id, batch, state, error, from_version, updated_at)
    select ${row.id}, d.id, d.gateway_id, i.batch, case when i.skip = 0 then 'pending' else 'skipped' end,
           case i.skip ${reasons} end, d.firmware_version, ${now.toISOString()}::timestamptz
      from unnest(${intArray(boxes.map((b) => b.device_id))}::int[], ${intArray(batchOf)}::int[], ${intArray(boxes.map((b) => b.skip))}::int[])
           as i(device_id, batch, skip)
      join device d on d.id = i.device_id`);
  return row;
}
