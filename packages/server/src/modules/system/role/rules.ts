import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN, ROLE_CUSTOMER, type RoleMenu, mergeRoleMenus } from '@gw/contracts';
import type { Tx } from '../../../db/client.js';
import { role } from '../../../db/schema.js';
import { refused } from '../../../http/errors.js';
import type { Row, WriteHooks } from '../../../http/resource/types.js';
import { refuseDuplicate } from '../../../http/resource/unique.js';
import { requireVendorScope } from '../../../http/scope.js';
import { MSG } from './messages.js';
import { memberCounts } from './decorate.js';

/** Tree changes take turns, so two concurrent moves cannot each pass the cycle check. */
const lockTree = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('role_tree'))`);

const roleSubtree = (id: number) =>
  sql`with recursive sub(id) as (select ${id}::integer union select r.id from role r join sub on r.parent_id = sub.id) select id from sub`;

/** A grant editor without full access may pass on only the bits it has itself; bits a role already had stay. */
function checkBits(req: FastifyRequest, menus: RoleMenu[], current: Row | null): void {
  if (req.user.grants.superUser) return;
  const had = new Map(((current?.menus as RoleMenu[] | undefined) ?? []).map((m) => [m.menu, m.action]));
  const mine = new Map(req.user.grants.roleMenu.map((m) => [m.menu, m.action]));
  for (const { menu, action } of menus) {
    const added = action & ~(had.get(menu) ?? 0);
    if (added & ~(mine.get(menu) ?? 0)) throw refused(MSG.bitsNotHeld(menu));
  }
}

async function checkParent(parentId: number, current: Row | null, tx: Tx): Promise<void> {
  await lockTree(tx);
  const [parent] = await tx.select({ id: role.id }).from(role).where(eq(role.id, parentId));
  if (!parent) throw refused(MSG.parentMissing);
  if (!current) return;
  const [loop] = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.id, parentId), sql`${role.id} in (${roleSubtree(current.id as number)})`));
  if (loop) throw refused(MSG.parentBelowSelf);
}

/** 角色管理 rules: vendor-level data, a tree without cycles, unique names; the two built-in roles stay. */
export const roleRules: Pick<WriteHooks, 'checkWrite' | 'checkDelete' | 'toColumns'> = {
  async checkWrite(req, values, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    await refuseDuplicate(tx, { table: role, id: role.id, column: role.name }, values.name, current, MSG.nameTaken);
    const parentId = values.parent_id as number | null | undefined;
    if (parentId != null && parentId !== current?.parent_id) await checkParent(parentId, current, tx);
    if (values.menus) checkBits(req, values.menus as RoleMenu[], current);
  },

  async checkDelete(req, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    const id = current.id as number;
    if (id === ROLE_ADMIN || id === ROLE_CUSTOMER) throw refused(MSG.builtin);
    await lockTree(tx);
    const [child] = await tx.select({ id: role.id }).from(role).where(eq(role.parent_id, id)).limit(1);
    if (child) throw refused(MSG.hasChildren);
    const members = (await memberCounts({ db: tx, user: { ...req.user, scope: 'all' } }, [id])).get(id) ?? 0;
    if (members) throw refused(MSG.hasMembers(members));
  },

  /** One entry per menu (bits OR-ed), none without bits. */
  toColumns(values) {
    if (!values.menus) return values;
    return { ...values, menus: mergeRoleMenus([values.menus as RoleMenu[]]).filter((m) => m.action > 0) };
  },
};
