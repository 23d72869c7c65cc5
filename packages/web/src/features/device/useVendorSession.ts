import { type Customer, ROLE_CUSTOMER } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { useUserStore } from '../../stores/user';
import { request } from '../../utils/request';

/**
 * Whether this session acts for the vendor, as the server decides a session's scope: the super user, or a user of
 * the vendor's own company in a role other than 客户. Only then may it create boxes, assign them and write their
 * identity, type and state; a customer's user (scope: its own subtree) is refused those. False until known.
 *
 * The user info does not say whether the user's company is the vendor: GET /user/custom_info does (asked per
 * user, so an answer cached for the previous one is never read).
 */
export function useVendorSession(): boolean {
  const info = useUserStore((state) => state.info);
  const asked = !!info && !info.super_user && info.customer_id != null;
  const company = useQuery({
    queryKey: ['user', 'custom_info', info?.id],
    queryFn: async () => (await request<Customer>({ url: '/user/custom_info' })).data,
    enabled: asked,
  });
  if (!info) return false;
  if (info.super_user) return true;
  return asked && !!company.data?.is_vendor && !info.roles.some((role) => role.id === ROLE_CUSTOMER);
}
