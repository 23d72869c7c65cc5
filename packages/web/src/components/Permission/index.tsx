import type { ReactNode } from 'react';
import { useUserStore } from '../../stores/user';

export const NEED_ROLES = `need roles! Like v-permission="['admin','editor']"`;

/**
 * Whether the signed-in user holds at least one of `roles` (role names). Throws when `roles` is not a
 * non-empty array, as the v-permission directive it replaces did.
 *
 * @example const canDelete = usePermission(['admin']);
 */
export function usePermission(roles: readonly string[]): boolean {
  const userRoles = useUserStore((state) => state.roles);
  const given: unknown = roles;
  if (!Array.isArray(given) || given.length === 0) throw new Error(NEED_ROLES);
  return roles.some((role) => userRoles.includes(role));
}

/**
 * Renders its children only for users with one of `roles`.
 *
 * @example <Permission roles={['admin']}><Button danger>删除</Button></Permission>
 */
export function Permission({ roles, children }: { roles: readonly string[]; children?: ReactNode }) {
  return usePermission(roles) ? children : null;
}

export default Permission;
