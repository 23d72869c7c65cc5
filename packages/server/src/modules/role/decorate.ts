import { and, arrayOverlaps, count, inArray, sql } from 'drizzle-orm';
import { adminUser, type role } from '../../db/schema.js';
import type { ResourceContext, Row, Stored } from '../../http/resource/types.js';
import { customerScope } from '../../http/scope.js';

const member = sql<number>`m.role_id`;

/**
 * Users holding each role, counted within the caller's data scope (a customer's administrator learns nothing
 * about other customers), for the whole page in one grouped query.
 */
export async function memberCounts(ctx: ResourceContext, ids: number[]): Promise<Map<number, number>> {
  const counted = await ctx.db
    .select({ id: member, n: count() })
    .from(sql`${adminUser} cross join lateral unnest(${adminUser.roles}) as m(role_id)`)
    .where(and(arrayOverlaps(adminUser.roles, ids), inArray(member, ids), customerScope(ctx.user, adminUser.customer_id)))
    .groupBy(member);
  return new Map(counted.map((c) => [Number(c.id), c.n]));
}

export async function decorateRoles(rows: Stored<typeof role>[], ctx: ResourceContext): Promise<Row[]> {
  const counts = await memberCounts(ctx, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, member_count: counts.get(r.id) ?? 0 }));
}
