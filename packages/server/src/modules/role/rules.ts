import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN, ROLE_CUSTOMER, type RoleMenu, mergeRoleMenus, type roleResource } from '@gw/contracts';
import { role } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
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
 * 角色管理 rules: vendor-level data, unique names, grants within the editor's own; the two built-in roles stay.
 * The tree (no cycles, no delete while sub-roles or holders are left) is the machine's.
 */
export const roleRules: Pick<ResourceHooks<typeof role, typeof roleResource>, 'checkWrite' | 'checkDelete' | 'toColumns'> = {
  async checkWrite(req, values, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    await refuseDuplicate(tx, { table: role, id: role.id, column: role.name }, values.name, current, MSG.nameTaken);
    if (values.menus) checkBits(req, values.menus, current);
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
