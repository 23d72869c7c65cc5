import { type Action, can } from '@gw/contracts';
import { useCallback } from 'react';
import { useUserStore } from '../stores/user';

/**
 * The signed-in user's permission check for buttons and links: `can(menu, action)` over the user's role menus
 * (the super user may do everything). Only hides; the server refuses anyway.
 *
 * @example const can = useCan(); {can('/system/config', 'delete') && <Button danger>删除</Button>}
 */
export function useCan(): (menu: string, action: Action) => boolean {
  const info = useUserStore((state) => state.info);
  return useCallback(
    (menu: string, action: Action) => !!info && can({ superUser: info.super_user, roleMenu: info.role_menu }, menu, action),
    [info],
  );
}

/**
 * Whether this session acts for the vendor: the server's own verdict (`scope: 'all'` in the user info — the super
 * user, or a user of the vendor's company in a role other than 客户). Only then may it create boxes, move stock
 * (orders, 分配客户, 退货/维修/报废) and issue licences; a customer's user (scope: its own subtree) is refused those.
 */
export function useVendorSession(): boolean {
  return useUserStore((state) => state.info?.scope === 'all');
}
