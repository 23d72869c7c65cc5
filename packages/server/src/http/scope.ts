import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { refused } from './errors.js';
import type { SessionUser } from './types.js';

/** The ids of a customer and every customer below it; UNION stops on a cycle in the tree. */
export const customerSubtree = (customerId: number | SQL): SQL =>
  sql`with recursive sub(id) as (select ${customerId}::integer union select c.id from customer c join sub on c.parent_id = sub.id) select id from sub`;

/**
 * The customer data scope of one user as a WHERE condition on `column` (a customer id column), or undefined
 * when the user sees everything. Every list, get, update and delete of customer-owned rows adds it, so a row
 * outside the scope answers exactly like a missing one.
 */
export function customerScope(user: SessionUser, column: AnyPgColumn | SQL): SQL | undefined {
  if (user.scope === 'all') return undefined;
  if (user.customerId == null) return sql`false`;
  // the subtree the session read, as one array value: PostgreSQL reads the rows of those customers by their index
  // (device_customer_idx and the like) instead of walking the whole table newest first and probing each row, and
  // no request walks the tree again
  if (user.customerIds) return sql`${column} = any(${`{${user.customerIds.join(',')}}`}::int[])`;
  return sql`${column} = any(array(${customerSubtree(user.customerId)}))`;
}

/** What decides a user's customer scope, as a key: two users with the same key see the same rows. */
export function scopeKey(user: SessionUser): string {
  if (user.scope === 'all') return 'all';
  if (user.customerId == null) return 'none';
  return user.customerIds ? `in:${user.customerIds.join(',')}` : `tree:${user.customerId}`;
}

/**
 * Vendor-level data (roles, the menu tree, config) changes only by someone who sees every customer: a
 * customer's administrator holding the menu bits still may not rewrite what every other customer relies on.
 */
export function requireVendorScope(req: { user: SessionUser }, message: string): void {
  if (req.user.scope !== 'all') throw refused(message);
}
