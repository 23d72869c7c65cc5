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
