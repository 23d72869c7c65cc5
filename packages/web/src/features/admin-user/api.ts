import { useQuery } from '@tanstack/react-query';
import { type AdminUser, adminUserResource } from '@gw/contracts';
import { useMemo } from 'react';
import { request } from '../../utils/request';

export const ADMIN_USER_PATH = adminUserResource.path;
/** The companies a user may be put in (the caller's own subtree), searched by name. */
export const COMPANIES_URL = `${ADMIN_USER_PATH}/companies`;
// the route answers at most 100 and says nothing of more; load-more would ask for 110
export const COMPANY_LIMIT = 100;

type RoleRef = AdminUser['roles'][number];

/**
 * The roles the caller may grant (GET /system/admin_user/roles), plus the ones the edited user already holds
 * so they keep their names.
 */
export function useRoleOptions(held: readonly RoleRef[] = []) {
  const grantable = useQuery({
    queryKey: ['system', 'admin_user', 'roles'],
    queryFn: async () => (await request<RoleRef[]>({ url: `${ADMIN_USER_PATH}/roles` })).data,
  });
  return useMemo(() => {
    const byId = new Map<number, string>();
    for (const role of [...(grantable.data ?? []), ...held]) byId.set(role.id, role.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [grantable.data, held]);
}
