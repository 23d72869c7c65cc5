import { describe, expect, it } from 'vitest';
import { routerPath } from './paths';
import { asyncRoutes, constantRoutes } from './routes';
import { pageLoaderFor } from './warm';

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
});
