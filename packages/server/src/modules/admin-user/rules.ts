import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN, type RoleMenu, type WriteValues, type adminUserResource, firstVendorTool } from '@gw/contracts';
import type { Db, Tx } from '../../db/client.js';
import { adminUser, customer, role, session } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { ResourceHooks, Stored } from '../../http/resource/types.js';
import { customerScope } from '../../http/scope.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/password.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import { MSG } from './messages.js';

/** A role as the user rules weigh it: its name for the messages, its grants for the vendor's tools. */
export interface GrantedRole {
  id: number;
  name: string;
  menus: RoleMenu[];
}

/**
 * Why a user of a customer company may not hold `role`, or undefined when it may: role 1 gives every menu, and a
 * role granting one of the vendor's own tools gives that tool.
 */
export function customersRefusal(role: GrantedRole): string | undefined {
  if (role.id === ROLE_ADMIN) return MSG.adminRoleToCustomer(role.name);
  const tool = firstVendorTool(role.menus);
  return tool && MSG.vendorToolToCustomer(role.name, tool.zh, tool.path);
}

/** Whether the company is a customer's (not the vendor's own): its users work under customers' roles only. */
export async function isCustomerCompany(tx: Db | Tx, companyId: number | null | undefined): Promise<boolean> {
  if (companyId == null) return false;
  const [company] = await tx.select({ vendor: customer.is_vendor }).from(customer).where(eq(customer.id, companyId));
  return !!company && !company.vendor;
}

type Rules = Pick<ResourceHooks<typeof adminUser, typeof adminUserResource>, 'checkWrite' | 'checkDelete' | 'toColumns' | 'afterWrite' | 'afterDelete'>;
type User = Stored<typeof adminUser>;
type UserValues = WriteValues<typeof adminUserResource>;

/**
 * The 管理员 rules. Everyone: nobody deletes or disables themselves or the super user. Whoever lacks full access:
 * grants only roles it holds and leaves full-access users alone. A customer's administrator (scope own): keeps
 * every user it creates or moves inside its own company subtree.
 */
export function adminUserRules(deps: { superUser: string; clock: Clock }): Rules {
  const isFullAccess = (row: User) => row.username === deps.superUser || row.roles.includes(ROLE_ADMIN);

  async function checkCompany(req: FastifyRequest, values: UserValues, current: User | null, tx: Tx): Promise<void> {
    const own = req.user.scope === 'own';
    if (current && !('customer_id' in values)) return;
    const id = values.customer_id;
    if (id == null) {
      if (own) throw refused(MSG.companyRequired);
      return;
    }
    const [found] = await tx.select({ id: customer.id }).from(customer).where(and(eq(customer.id, id), customerScope(req.user, customer.id)));
    if (!found) throw refused(own ? MSG.companyOutside : MSG.companyMissing);
  }

  /** A customer company's user works under none of the vendor's own tools (400 naming the role and the menu). */
  async function checkCustomersRoles(values: UserValues, current: User | null, found: GrantedRole[], tx: Tx): Promise<void> {
    const companyId = 'customer_id' in values ? values.customer_id : current?.customer_id;
    if (!(await isCustomerCompany(tx, companyId))) return;
    for (const r of found) {
      const refusal = customersRefusal(r);
      if (refusal) throw badRequest(MSG.rolesRefused(refusal));
    }
  }

  async function checkRoles(req: FastifyRequest, values: UserValues, current: User | null, tx: Tx): Promise<void> {
    const roles = values.roles ?? ('customer_id' in values ? current?.roles : undefined);
    if (!roles?.length) return;
    const found = await tx.select({ id: role.id, name: role.name, menus: role.menus }).from(role).where(inArray(role.id, roles));
    if (found.length !== new Set(roles).size) throw refused(MSG.roleMissing);
    if (!req.user.grants.superUser) {
      const had = new Set(current?.roles ?? []);
      if (roles.some((id) => !had.has(id) && !req.user.heldRoleIds.includes(id))) throw refused(MSG.roleNotHeld);
    }
    await checkCustomersRoles(values, current, found, tx);
  }

  return {
    async checkWrite(req, values, current, tx) {
      if (current) {
        if (!req.user.grants.superUser && isFullAccess(current)) throw refused(MSG.fullAccessTarget);
        const isSuper = current.username === deps.superUser;
        if (values.enabled === false && current.id === req.user.id) throw refused(MSG.disableSelf);
        if (values.enabled === false && isSuper) throw refused(MSG.disableSuper);
        if (isSuper && values.username !== undefined && values.username !== current.username) throw refused(MSG.renameSuper);
      }
      await checkCompany(req, values, current, tx);
      await checkRoles(req, values, current, tx);
      const unique = { table: adminUser, id: adminUser.id, column: adminUser.username };
      await refuseDuplicate(tx, unique, values.username, current, MSG.usernameTaken);
    },

    async checkDelete(req, current) {
      if (current.id === req.user.id) throw refused(MSG.deleteSelf);
      if (current.username === deps.superUser) throw refused(MSG.deleteSuper);
      if (!req.user.grants.superUser && isFullAccess(current)) throw refused(MSG.fullAccessTarget);
    },

    async toColumns(values) {
      const { password, roles, ...rest } = values;
      return {
        ...rest,
        ...(roles !== undefined ? { roles: [...new Set(roles)] } : {}),
        ...(typeof password === 'string' ? { password_hash: await hashPassword(password) } : {}),
      };
    },

    /** A reset password or a disabled account ends the user's sessions (the caller keeps its own). */
    async afterWrite(req, row, current, tx) {
      if (!current || (row.password_hash === current.password_hash && row.enabled !== false)) return;
      await tx
        .update(session)
        .set({ revoked_at: deps.clock.now() })
        .where(and(eq(session.user_id, row.id), isNull(session.revoked_at), ne(session.id, req.user.sessionId)));
    },

    async afterDelete(_req, rows, tx) {
      const ids = rows.map((r) => r.id);
      await tx.update(session).set({ revoked_at: deps.clock.now() }).where(and(inArray(session.user_id, ids), isNull(session.revoked_at)));
    },
  };
}
