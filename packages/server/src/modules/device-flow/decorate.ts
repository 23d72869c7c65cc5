import { inArray, or } from 'drizzle-orm';
import { customer, deviceFlow } from '../../db/schema.js';
import type { ResourceContext, ResourceRequest, Row, Stored } from '../../http/resource/types.js';
import { customerScope } from '../../http/scope.js';

/** The names of both companies of each movement, with one query for the page. */
export async function withFlowCompanies(rows: Stored<typeof deviceFlow>[], { db }: ResourceContext): Promise<Row[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.from_customer_id, r.to_customer_id]).filter((v): v is number => typeof v === 'number'))];
  // a movement from or to no company (a box entering stock) names none
  const names = new Map<number | null, string>(
    ids.length ? (await db.select({ id: customer.id, name: customer.company_name }).from(customer).where(inArray(customer.id, ids))).map((c) => [c.id, c.name]) : [],
  );
  return rows.map((r) => ({
    ...r,
    from_customer_name: names.get(r.from_customer_id) ?? null,
    to_customer_name: names.get(r.to_customer_id) ?? null,
  }));
}

/** A customer sees the movements that brought its boxes in or took them out: either side in its subtree. */
export const flowScope = (req: ResourceRequest) => {
  const from = customerScope(req.user, deviceFlow.from_customer_id);
  return from && or(from, customerScope(req.user, deviceFlow.to_customer_id));
};
