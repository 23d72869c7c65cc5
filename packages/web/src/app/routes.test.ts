import { MENUS, type MenuDef, flattenMenus } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from './route-types';
import { asyncRoutes, menuRoutes } from './routes';

const page = () => Promise.resolve({ default: () => null });
const group = (children: MenuDef[]): MenuDef => ({ path: '/g', title: 'g', zh: '组', en: 'Group', actions: [], children });
const leaf = (menu: Partial<MenuDef>): MenuDef => ({ path: '/g/x', title: 'x', zh: '某页', en: 'Page', actions: ['query'], ...menu });
/** The routes of a tree and their children (the pages beside a menu are its siblings). */
const withChildren = (tree: AppRoute[]): AppRoute[] => tree.flatMap((route) => [route, ...(route.children ?? [])]);

describe('the menu routes', () => {
  it("load a leaf's page from its slug's folder, named after the slug or as the menu says", () => {
    const devicePage = () => page();
    const buyPage = () => page();
    const files = { '../features/device-flow/DeviceFlowPage.tsx': devicePage, '../features/order/BuyOrderPage.tsx': buyPage };
    const [top] = menuRoutes([group([leaf({ slug: 'device-flow' }), leaf({ path: '/g/buy', slug: 'order', page: 'BuyOrderPage' })])], files);
    expect(top?.children?.map((route) => route.page)).toEqual([devicePage, buyPage]);
  });

  it('address a leaf with its parameters and add the pages beside it under its grants', () => {
    const files = { '../features/machine-tool/MachineToolPage.tsx': page, '../features/machine-tool/MachinePage.tsx': page };
    const beside = [{ path: '/g/one/:id', title: 'one', zh: '一个', en: 'One', page: 'MachinePage', activeMenu: '/g/x' }];
    const [top] = menuRoutes([group([leaf({ slug: 'machine-tool', params: ':id', beside })])], files);
    expect(top?.children?.map(({ path, menu, hidden, meta }) => ({ path, menu, hidden, meta }))).toEqual([
      { path: '/g/x/:id', menu: '/g/x', hidden: undefined, meta: { title: 'x' } },
      { path: '/g/one/:id', menu: '/g/x', hidden: true, meta: { title: 'one', activeMenu: '/g/x' } },
    ]);
  });

  it('stop the console at load when a menu or a page beside it has no page file', () => {
    expect(() => menuRoutes([group([leaf({ slug: 'nothing' })])], {})).toThrow('菜单 /g/x 没有页面');
    expect(() => menuRoutes([group([leaf({})])], {})).toThrow('菜单 /g/x 没有页面');
    const beside = [{ path: '/g/y', title: 'y', zh: '另一页', en: 'Other', page: 'MissingPage', activeMenu: '/g/x' }];
    expect(() => menuRoutes([group([leaf({ slug: 'tag', beside })])], { '../features/tag/TagPage.tsx': page })).toThrow('菜单 /g/y 没有页面');
  });

  it('give every menu of the table and every page beside one a route with a page', () => {
    const all = withChildren(asyncRoutes);
    for (const menu of flattenMenus(MENUS)) {
      const route = all.find((r) => r.path === (menu.params ? `${menu.path}/${menu.params}` : menu.path));
      expect(route?.page ?? route?.children, menu.path).toBeDefined();
      for (const beside of menu.beside ?? []) expect(all.find((r) => r.path === beside.path)?.page, beside.path).toBeDefined();
    }
  });
});
