import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type WriteValues, trafficPlanResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { type device, trafficPlan, trafficPlanBox } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import type { Stored } from '../../http/resource/types.js';
import { requireVendorScope } from '../../http/scope.js';

export const PLAN_MSG = {
  vendorOnly: '流量套餐由平台统一管理,客户账号不能修改',
  nameTaken: (name: string) => `套餐名称 ${name} 已存在`,
  planMissing: '流量套餐不存在',
  set: (n: number, plan: string | null) => (plan ? `已为 ${n} 台设备设置套餐 ${plan}` : `已取消 ${n} 台设备的指定套餐,按默认套餐计`),
} as const;

/** Only one plan is the default: making one so takes it from the other before the write (a unique index holds it). */
async function keepOneDefault(tx: Tx, values: WriteValues<typeof resource>, current: Stored<typeof trafficPlan> | null): Promise<void> {
  if (values.is_default !== true) return;
  await tx
    .update(trafficPlan)
    .set({ is_default: false })
    .where(and(eq(trafficPlan.is_default, true), current ? ne(trafficPlan.id, current.id) : undefined));
}

/**
 * 流量套餐 (/device/traffic/plan): the vendor's SIM plans, read by whoever may query 设备流量 and written only by
 * someone who sees every customer (a customer's plan would be every customer's). Deleting a plan returns its
 * boxes to the default plan.
 */
export function trafficPlanRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: trafficPlan,
    keywords: ['name'],
    derived: { box_count: sql`(select count(*)::int from traffic_plan_box pb where pb.plan_id = traffic_plan.id)` },
    async checkWrite(req, values, current, tx) {
      requireVendorScope(req, PLAN_MSG.vendorOnly);
      await refuseDuplicate(tx, { table: trafficPlan, id: trafficPlan.id, column: trafficPlan.name }, values.name, current, PLAN_MSG.nameTaken(String(values.name)));
      await keepOneDefault(tx, values, current);
    },
    checkDelete: (req) => Promise.resolve(requireVendorScope(req, PLAN_MSG.vendorOnly)),
  });
}

/**
 * 设置套餐 of the selected boxes (already loaded within the caller's scope, locked): each gets the plan, or with
 * `plan_id` null none of its own (the default plan then applies).
 */
export async function setPlan(_req: FastifyRequest, rows: Stored<typeof device>[], body: { plan_id: number | null }, tx: Tx) {
  const ids = rows.map((r) => r.id);
  let name: string | null = null;
  if (body.plan_id !== null) {
    const [plan] = await tx.select({ name: trafficPlan.name }).from(trafficPlan).where(eq(trafficPlan.id, body.plan_id));
    if (!plan) throw notFound('流量套餐');
    name = plan.name;
  }
  await tx.delete(trafficPlanBox).where(inArray(trafficPlanBox.device_id, ids));
  if (body.plan_id !== null) await tx.insert(trafficPlanBox).values(ids.map((device_id) => ({ device_id, plan_id: body.plan_id! })));
  return ok({ updated: ids.length }, PLAN_MSG.set(ids.length, name));
}
