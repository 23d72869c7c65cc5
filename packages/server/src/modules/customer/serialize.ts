import type { Customer } from '@gw/contracts';
import type { customer } from '../../db/schema.js';

export function serializeCustomer(row: typeof customer.$inferSelect): Customer {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
