import type { Customer } from '@gw/contracts';
import type { customer } from '../../db/schema.js';

/** A company with its box and user counts (see withCounts) as the API shows it. */
export function serializeCustomer(row: typeof customer.$inferSelect & { device_count: number; user_count: number }): Customer {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
