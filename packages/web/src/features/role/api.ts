import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MenuNode, menuEntries, roleResource } from '@gw/contracts';
import { toast } from '../../utils/notify';
import { request } from '../../utils/request';
import { M } from './messages';

export const ROLE_PATH = roleResource.path;
const menuTreeKey = ['system', 'role', 'menus'] as const;

/** The menu tree of the permission dialog (GET /system/role/menus), asked for while `enabled`. */
export function useMenuTree(enabled = true) {
  return useQuery({
    queryKey: menuTreeKey,
    queryFn: async () => (await request<MenuNode[]>({ url: `${ROLE_PATH}/menus` })).data,
    enabled,
  });
}

/** 同步菜单: registers the console's menu table (contracts) with the server, then reloads the menu tree. */
export function useSyncMenus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<MenuNode[]>({ url: `${ROLE_PATH}/sync_menu`, method: 'POST', data: { menus: menuEntries() } }),
    onSuccess: async (res) => {
      toast.success(res.message || M.synced);
      await client.invalidateQueries({ queryKey: menuTreeKey });
    },
  });
}
