import { useQuery } from '@tanstack/react-query';
import { type AdminUser, type RoleOption, adminUserResource } from '@gw/contracts';
import { useMemo } from 'react';
import { request } from '../../utils/request';

export const ADMIN_USER_PATH = adminUserResource.path;
/** The companies a user may be put in (the caller's own subtree), searched by name. */
export const COMPANIES_URL = `${ADMIN_USER_PATH}/companies`;
// the route answers at most 100 and says nothing of more; load-more would ask for 110
export const COMPANY_LIMIT = 100;

type RoleRef = AdminUser['roles'][number];

/** A role of the user form: `refusal` says why a user of the chosen company may not hold it. */
export interface RoleChoice {
  value: number;
  label: string;
  refusal: string | null;
}

/**
 * The roles the caller may grant (GET /system/admin_user/roles), each with the server's verdict for a user of
 * `companyId` (a customer company's user holds none of the vendor's own tools), plus the ones the edited user
 * already holds so they keep their names.
 */
export function useRoleOptions(held: readonly RoleRef[] = [], companyId?: number | null) {
  const company = companyId ?? undefined;
  const grantable = useQuery({
    queryKey: ['system', 'admin_user', 'roles', company ?? null],
    queryFn: async () => (await request<RoleOption[]>({ url: `${ADMIN_USER_PATH}/roles`, params: { customer_id: company } })).data,
  });
  return useMemo(() => {
    const byId = new Map<number, RoleChoice>();
    for (const role of held) byId.set(role.id, { value: role.id, label: role.name, refusal: null });
    for (const role of grantable.data ?? []) byId.set(role.id, { value: role.id, label: role.name, refusal: role.refusal });
    return [...byId.values()].sort((a, b) => a.value - b.value);
  }, [grantable.data, held]);
}
