// isolated: the first data of a page is asked for once per loaded console (the map file is cached), so this file needs a console loaded for it alone
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/mockApi';
import { routerPath } from './paths';
import { asyncRoutes, constantRoutes } from './routes';
import { pageLoaderFor, warmStart } from './warm';

/** What the console starts loading while the session loads: the page of the address opened, by its route. */
describe('warm start', () => {
  const loaderOf = (path: string) => {
    const walk = (routes: typeof asyncRoutes): (typeof asyncRoutes)[number]['page'] =>
      routes.map((r) => (r.path === path ? r.page : r.children && walk(r.children))).find(Boolean);
    return walk([...constantRoutes, ...asyncRoutes]);
  };

  it("finds the page of a menu's address, of an address with parameters, and of the home page", () => {
    expect(pageLoaderFor('/device/gis')).toBe(loaderOf('/device/gis'));
    expect(pageLoaderFor('/device/machine/12')).toBe(loaderOf('/device/machine/:id'));
    expect(pageLoaderFor('/dashboard')).toBe(loaderOf('/dashboard'));
    expect(pageLoaderFor('/no/such/page')).toBeUndefined();
  });

  it("reads the router's path from the browser's address under /custom", () => {
    expect(routerPath('/custom/device/gis')).toBe('/device/gis');
    expect(routerPath('/custom')).toBe('/');
    expect(routerPath('/customer/x')).toBe('/customer/x');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('asks for the first data of a page that declares it beside the code, before the session is in', async () => {
    const { calls } = mockApi({ 'GET /device/gis': () => ok({ points: [], total: 0, unplaced: 0 }) });
    warmStart('/device/gis', () => Promise.resolve());
    // GIS 地图: its boxes and the country's map file, asked for at once (the page's first query takes the boxes)
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/device/gis', `${import.meta.env.BASE_URL}maps/china.json`])));
    const before = calls.length;
    warmStart('/system/role', () => Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.length).toBe(before);
  });
});
