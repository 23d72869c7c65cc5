import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { adminUser, customer } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import { customerScope, customerSubtree } from '../../http/scope.js';
import { MSG } from './messages.js';

type Row = Record<string, unknown>;

/**
 * Tree changes take turns until their transaction ends: two concurrent moves could otherwise each pass the
 * cycle check (A under B, B under A), and a delete could miss a child being created below it.
 */
const lockTree = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer_tree'))`);

/**
 * A new or moved company must hang below a company the caller can see, never below itself; only the vendor's
 * staff may create or move a company to the top of the tree.
 */
export async function checkCustomerWrite(req: FastifyRequest, values: Row, current: Row | null, tx: Tx): Promise<void> {
  if (current && (!('parent_id' in values) || values.parent_id === current.parent_id)) return;
  const parentId = values.parent_id as number | null | undefined;
  await lockTree(tx);
  if (parentId == null) {
    if (req.user.scope !== 'all') throw refused(MSG.topLevelOnlyForStaff);
    return;
  }
  const [parent] = await tx
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.id, parentId), customerScope(req.user, customer.id)));
  if (!parent) throw refused(MSG.parentMissing);
  if (current) {
    const [loop] = await tx
      .select({ id: customer.id })
      .from(customer)
      .where(and(eq(customer.id, parentId), sql`${customer.id} in (${customerSubtree(current.id as number)})`));
    if (loop) throw refused(MSG.parentBelowSelf);
  }
}

/**
 * A company goes only when nothing hangs on it: no subsidiaries (they would drop out of the tree) and no users
 * (they would lose their data scope). Nobody deletes the platform's own record or the company they belong to.
 */
export async function checkCustomerDelete(req: FastifyRequest, current: Row, tx: Tx): Promise<void> {
  const id = current.id as number;
  await lockTree(tx);
  if (current.is_vendor) throw refused(MSG.deleteVendor);
  if (req.user.customerId === id) throw refused(MSG.deleteOwn);
  const [child] = await tx.select({ id: customer.id }).from(customer).where(eq(customer.parent_id, id)).limit(1);
  if (child) throw refused(MSG.deleteWithChildren);
  const [user] = await tx.select({ id: adminUser.id }).from(adminUser).where(eq(adminUser.customer_id, id)).limit(1);
  if (user) throw refused(MSG.deleteWithUsers);
}
