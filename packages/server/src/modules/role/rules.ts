import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN, ROLE_CUSTOMER, type RoleMenu, firstVendorTool, mergeRoleMenus, type roleResource } from '@gw/contracts';
import { role } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { badRequest, refused } from '../../http/errors.js';
import type { ResourceHooks, Stored } from '../../http/resource/types.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import { requireVendorScope } from '../../http/scope.js';
import { MSG } from './messages.js';

/** A grant editor without full access may pass on only the bits it has itself; bits a role already had stay. */
function checkBits(req: FastifyRequest, menus: RoleMenu[], current: Stored<typeof role> | null): void {
  if (req.user.grants.superUser) return;
  const had = new Map((current?.menus ?? []).map((m) => [m.menu, m.action]));
  const mine = new Map(req.user.grants.roleMenu.map((m) => [m.menu, m.action]));
  for (const { menu, action } of menus) {
    const added = action & ~(had.get(menu) ?? 0);
    if (added & ~(mine.get(menu) ?? 0)) throw refused(MSG.bitsNotHeld(menu));
  }
}

/**
 * Whether a role is one customers' users work under: 客户 (role 2) or a role below it, or a role a user of a
 * customer company holds.
 */
async function usedByCustomers(tx: Tx, id: number | undefined, parentId: number | null | undefined): Promise<boolean> {
  if (id === ROLE_CUSTOMER || parentId === ROLE_CUSTOMER) return true;
  const parent = parentId ?? -1;
  const self = id ?? -1;
  const [row] = await queryRows<{ used: boolean }>(tx, sql`
    with recursive up as (
      select id, parent_id from role where id = ${parent}
      union
      select r.id, r.parent_id from role r join up on r.id = up.parent_id
    )
    select exists (select 1 from up where id = ${ROLE_CUSTOMER})
        or exists (select 1 from admin_user u join customer c on c.id = u.customer_id where ${self} = any(u.roles) and not c.is_vendor) as used
  `);
  return row?.used === true;
}

/** The vendor's own tools are never granted to a role customers' users work under: 400 naming the first. */
function checkVendorOnly(menus: RoleMenu[]): void {
  const tool = firstVendorTool(menus);
  if (tool) throw badRequest(MSG.vendorTool(tool.zh, tool.path));
}

/**
 * 角色管理 rules: vendor-level data, unique names, grants within the editor's own and never the vendor's own tools
 * to a role customers' users work under; the two built-in roles stay.
 * The tree (no cycles, no delete while sub-roles or holders are left) is the machine's.
 */
export const roleRules: Pick<ResourceHooks<typeof role, typeof roleResource>, 'checkWrite' | 'checkDelete' | 'toColumns'> = {
  async checkWrite(req, values, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    await refuseDuplicate(tx, { table: role, id: role.id, column: role.name }, values.name, current, MSG.nameTaken);
    if (values.menus) checkBits(req, values.menus, current);
    const menus = values.menus ?? current?.menus ?? [];
    const parentId = values.parent_id !== undefined ? values.parent_id : current?.parent_id;
    if ((values.menus || values.parent_id !== undefined) && (await usedByCustomers(tx, current?.id, parentId))) checkVendorOnly(menus);
  },

  async checkDelete(req, current) {
    requireVendorScope(req, MSG.vendorOnly);
    const id = current.id;
    if (id === ROLE_ADMIN || id === ROLE_CUSTOMER) throw refused(MSG.builtin);
  },

  /** One entry per menu (bits OR-ed), none without bits. */
  toColumns(values) {
    if (!values.menus) return values;
    return { ...values, menus: mergeRoleMenus([values.menus]).filter((m) => m.action > 0) };
  },
};
