import { inArray } from 'drizzle-orm';
import { customer } from '../../db/schema.js';
import type { ResourceContext, Row } from './types.js';

/** Adds `company_name` to rows with a `customer_id`: one query for the whole page, never one per row. */
export async function withCompanyNames<R extends Row>(rows: R[], { db }: ResourceContext): Promise<(R & { company_name: string | null })[]> {
  const ids = [...new Set(rows.map((r) => r.customer_id).filter((id): id is number => typeof id === 'number'))];
  const names = ids.length
    ? new Map(
        (await db.select({ id: customer.id, name: customer.company_name }).from(customer).where(inArray(customer.id, ids))).map(
          (c) => [c.id, c.name],
        ),
      )
    : new Map<number, string>();
  return rows.map((r) => ({ ...r, company_name: names.get(r.customer_id as number) ?? null }));
}
