import { inArray } from 'drizzle-orm';
import type { AdminUser } from '@gw/contracts';
import { type adminUser, role } from '../../../db/schema.js';
import type { ResourceContext, Row } from '../../../http/resource/types.js';
import { iso, withCompanyNames } from '../shared.js';

type Decorated = typeof adminUser.$inferSelect & { company_name: string | null; role_refs: { id: number; name: string }[] };

/** Adds the company and role names: one query each for the whole page. */
export async function decorateUsers(rows: Row[], ctx: ResourceContext): Promise<Row[]> {
  const roleIds = [...new Set(rows.flatMap((r) => r.roles as number[]))];
  const roles = roleIds.length ? await ctx.db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, roleIds)) : [];
  const names = new Map(roles.map((r) => [r.id, r.name]));
  const withRoles = rows.map((r) => ({
    ...r,
    role_refs: (r.roles as number[]).filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
  }));
  return withCompanyNames(withRoles, ctx);
}

/** Field by field, so the password hash can never leave. */
export function serializeAdminUser(row: Row): AdminUser {
  const u = row as Decorated;
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    phone: u.phone,
    email: u.email,
    avatar: u.avatar,
    customer_id: u.customer_id,
    company_name: u.company_name,
    roles: u.role_refs,
    enabled: u.enabled,
    wx_openid: u.wx_openid,
    last_login_at: iso(u.last_login_at),
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}
