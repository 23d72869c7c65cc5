import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type LiveEvent,
  type RolloutDetail,
  ROLLOUT_PATH,
  VERSION_PATH,
  envelopeSchema,
  rolloutCreateSchema,
  rolloutDetailSchema,
  rolloutResource,
} from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { rollout } from '../../../db/schema.js';
import { refused } from '../../../http/errors.js';
import { ok } from '../../../http/reply.js';
import { answerRows } from '../../../http/resource/present.js';
import { registerResource } from '../../../http/resource/register.js';
import { type Announce, rolloutActions } from './actions.js';
import { createRollout } from './create.js';
import { withItems } from './items.js';
import { noCounts, rolloutCounts } from './counts.js';
import { MSG } from './messages.js';
import { targetTexts } from './target.js';

/**
 * 固件推送 (API /system/rollout, permissions on 版本管理's menu): the list with each rollout's counts per box
 * state, the detail with every box (by batch, then gateway id), the create that resolves the target to boxes and
 * batches, and 暂停 / 继续 / 取消 / 重试失败. The runner (mqtt/ota) does the rest. Firmware is the vendor's to
 * push: a customer's user (should a role grant the menu) sees no rollout and may start none.
 */
export function rolloutRoutes(app: FastifyInstance, deps: AppDeps): void {
  const now = () => deps.clock.now();
  /** Events of a request, published once its answer went out (committed). */
  const pending = new WeakMap<FastifyRequest, LiveEvent[]>();
  app.addHook('onResponse', async (req, reply) => {
    const events = pending.get(req);
    if (events && reply.statusCode === 200) for (const event of events) deps.live.publish(event);
  });
  const announce: Announce = (req, rolloutId, state) => {
    const events = pending.get(req) ?? [];
    events.push({ type: 'rollout', rollout_id: rolloutId, device_id: null, state, at: now().toISOString() });
    pending.set(req, events);
  };

  const def = registerResource(app, deps, {
    resource: rolloutResource,
    table: rollout,
    detail: { schema: rolloutDetailSchema, read: withItems },
    keywords: ['remark', sql`(select v.version from firmware_version v where v.id = rollout.version_id)`],
    // the vendor's tool: a customer's user sees none, whatever its role grants
    baseWhere: (req) => (req.user.scope === 'all' ? undefined : sql`false`),
    derived: {
      version: sql<string>`(select v.version from firmware_version v where v.id = rollout.version_id)`,
      created_by_name: sql<string>`coalesce((select coalesce(nullif(u.name, ''), u.username) from admin_user u where u.id = rollout.created_by), '')`,
    },
    async decorate(rows, { db }) {
      const [counts, texts] = await Promise.all([
        rolloutCounts(db, rows.map((r) => r.id)),
        targetTexts(db, rows.map((r) => r.target)),
      ]);
      return rows.map((row, i) => {
        const c = counts.get(row.id) ?? noCounts();
        return { ...row, counts: c, total: Object.values(c).reduce((a, b) => a + b, 0), target_text: texts[i] };
      });
    },
    actions: rolloutActions(now, announce),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    ROLLOUT_PATH,
    {
      config: { access: { menu: VERSION_PATH, action: 'add' } },
      schema: {
        tags: [rolloutResource.title],
        summary: '新建固件推送 (目标解析为设备, 按网关ID分批; 不适用、已是该版本、已在其他推送中的设备记为跳过)',
        body: rolloutCreateSchema,
        response: { 200: envelopeSchema(rolloutDetailSchema) },
      },
    },
    async (req, reply) => {
      if (req.user.scope !== 'all') throw refused(MSG.vendorOnly);
      // the rows are shaped by the resource's serializers already: a 100,000-box answer skips a second pass through the schema
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      const detail = await req.tx(async (tx) => {
        const row = await createRollout(req, tx, req.body, now());
        announce(req, row.id, row.state);
        return (await answerRows(def, req, [row], tx, true))[0] as RolloutDetail;
      });
      return ok(detail, MSG.created(detail.total, detail.batches));
    },
  );
}
