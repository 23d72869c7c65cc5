import { eq, inArray } from 'drizzle-orm';
import type { UserInfo } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { adminUser, customer, role } from '../../db/schema.js';
import type { SessionUser } from '../../http/types.js';
import { platformZone } from '../../lib/platform-zone.js';

/**
 * GET /user/info: the profile, the roles in force and held, and role_menu: the menu paths (with their action bits)
 * of the roles in force, merged.
 */
export async function userInfo(db: Db, user: SessionUser): Promise<UserInfo> {
  const [row] = await db
    .select({ user: adminUser, company: { id: customer.id, company_name: customer.company_name, name: customer.name } })
    .from(adminUser)
    .leftJoin(customer, eq(customer.id, adminUser.customer_id))
    .where(eq(adminUser.id, user.id));
  const held = user.heldRoleIds.length
    ? await db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, user.heldRoleIds)).orderBy(role.id)
    : [];
  const u = row.user;
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    avatar: u.avatar,
    email: u.email,
    phone: u.phone,
    wx_openid: u.wx_openid,
    roles: held.filter((r) => user.roleIds.includes(r.id)),
    all_roles: held,
    role_menu: user.grants.roleMenu,
    super_user: user.grants.superUser,
    scope: user.scope,
    customer_id: u.customer_id,
    custom: row.company?.id != null ? row.company : null,
    time_zone: platformZone(),
  };
}
