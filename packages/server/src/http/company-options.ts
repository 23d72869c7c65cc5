import { and, asc, ilike } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customer } from '../db/schema.js';
import { escapeLike } from './resource/list-query.js';
import { customerScope } from './scope.js';
import type { SessionUser } from './types.js';

/**
 * A form's company picker: the companies `user` sees (its own and those under it) whose name holds `keywords`, by
 * name, at most `limit` — so a page whose users need not hold 客户管理 can still offer them.
 */
export function companyOptions(db: Db, user: SessionUser, keywords: string | undefined, limit: number) {
  const named = keywords ? ilike(customer.company_name, `%${escapeLike(keywords)}%`) : undefined;
  return db
    .select({ id: customer.id, company_name: customer.company_name })
    .from(customer)
    .where(and(named, customerScope(user, customer.id)))
    .orderBy(asc(customer.company_name), asc(customer.id))
    .limit(limit);
}
