import { inArray } from 'drizzle-orm';
import { type adminUser, role } from '../../db/schema.js';
import type { ResourceContext, Row, Stored } from '../../http/resource/types.js';
import { withCompanyNames } from '../../http/resource/company-names.js';

/**
 * Adds the company and role names, one query each for the whole page: `roles` becomes `[{id, name}]` as reads
 * show it (writes take ids). The default serializer then keeps the item's fields, so the password hash never
 * leaves.
 */
export async function decorateUsers(rows: Stored<typeof adminUser>[], ctx: ResourceContext): Promise<Row[]> {
  const roleIds = [...new Set(rows.flatMap((r) => r.roles))];
  const roles = roleIds.length ? await ctx.db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, roleIds)) : [];
  const names = new Map(roles.map((r) => [r.id, r.name]));
  const withRoles = rows.map((r) => ({
    ...r,
    roles: r.roles.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
  }));
  return withCompanyNames(withRoles, ctx);
}
