import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { customer } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import type { ResourceContext, Row } from '../../http/resource/types.js';

/** Timestamps leave as ISO strings; a missing one as null. */
export const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : null);

/**
 * Vendor-level data (roles, the menu tree, config) changes only by someone who sees every customer: a
 * customer's administrator holding the menu bits still may not rewrite what every other customer relies on.
 */
export function requireVendorScope(req: FastifyRequest, message: string): void {
  if (req.user.scope !== 'all') throw refused(message);
}

/** Adds `company_name` to rows with a `customer_id`: one query for the whole page. */
export async function withCompanyNames(rows: Row[], { db }: ResourceContext): Promise<Row[]> {
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

/**
 * Refuses a value of a unique column (username, role name, config key) that another row already holds, with
 * a message naming it rather than the database's generic duplicate answer. `undefined` or unchanged passes.
 */
export async function refuseDuplicate(
  tx: Tx,
  unique: { table: PgTable; id: AnyPgColumn; column: AnyPgColumn },
  value: unknown,
  current: Row | null,
  message: string,
): Promise<void> {
  if (value === undefined || (current && current[unique.column.name] === value)) return;
  const others = current ? ne(unique.id, current[unique.id.name]) : undefined;
  const [taken] = await tx.select({ id: unique.id }).from(unique.table).where(and(eq(unique.column, value), others)).limit(1);
  if (taken) throw refused(message);
}
