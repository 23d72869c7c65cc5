import type { MenuEntry } from '@gw/contracts';
import type { AppRoute } from '../../../app/route-types';
import { zh } from '../../../i18n/zh';

const titles: Record<string, string> = zh.route;

/**
 * The console's route tree as 同步菜单 registers it: every route, parents before their children, `sort` in menu
 * order, titles in Chinese (the server keeps one title per menu).
 */
export function routeMenus(routes: readonly AppRoute[], parent: string | null = null, into: MenuEntry[] = []): MenuEntry[] {
  for (const route of routes) {
    const key = route.meta?.title;
    into.push({
      path: route.path,
      title: (key && titles[key]) || key || route.path,
      parent,
      icon: route.meta?.icon ?? '',
      sort: into.length,
      hidden: !!route.hidden,
    });
    if (route.children) routeMenus(route.children, route.path, into);
  }
  return into;
}
