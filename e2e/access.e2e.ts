import { ACTION, type Grants, type MenuDef, ROLE_CUSTOMER, flattenMenus, menuActions } from '@gw/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { api, consoleUnderTest } from './console.js';
import { type Furnished, furnish, pagesFor, problemsOf, visitEach } from './tour.js';

const PASSWORD = 'tour-pass-1';

/** Every menu a role can be given on its own: the leaves of the contracts' menu table. */
const LEAVES = flattenMenus().filter((menu) => !menu.children);

/** Every bit the menu offers: its user sees every button and filter the page has. */
const allBits = (menu: MenuDef) => menuActions(menu).reduce((bits, action) => bits | ACTION[action], 0);

describe('every page a user may open calls only what that user may use', () => {
  const app = consoleUnderTest();
  let admin: Page;
  let made: Furnished;

  /** Signs `username` in, tours every page its grants open, and returns what went wrong (as `path: problem`). */
  async function tour(username: string): Promise<string[]> {
    const page = await app.signedIn('/dashboard', username, PASSWORD);
    try {
      const info = await api<{ super_user: boolean; role_menu: Grants['roleMenu'] }>(page, 'GET', '/user/info');
      const pages = pagesFor({ superUser: info.super_user, roleMenu: info.role_menu }, made.ids);
      return problemsOf(await visitEach(page, `${app.url}/custom`, pages));
    } finally {
      await page.context().close();
    }
  }

  beforeAll(async () => {
    admin = await app.signedIn('/dashboard');
    made = await furnish(admin);
  }, 300_000);

  // a page visit takes seconds on a loaded machine: the tours get minutes, not the default minute
  it('a factory’s user under the built-in 客户 role: no error toast, no refused call, no console error', { timeout: 600_000 }, async ({ expect }) => {
    await api(admin, 'POST', '/system/admin_user', { username: 'factory', password: PASSWORD, name: '一厂操作员', customer_id: made.companyId, roles: [ROLE_CUSTOMER] });
    expect(await tour('factory')).toEqual([]);
  });

  // a customer company's user for the menus a customer may be given, the vendor's staff for the vendor's own tools;
  // three tours at a time, each in its own browser context: a tour mostly waits for the network to fall quiet
  it.concurrent.for(LEAVES.map((menu) => [menu.zh, menu] as const))('a user holding only %s: no error toast, no refused call, no console error', { timeout: 300_000 }, async ([, menu], { expect }) => {
    const username = `only-${menu.path.replaceAll('/', '-').slice(1)}`;
    const role = await api<{ id: number }>(admin, 'POST', '/system/role', { name: `只有${menu.zh}`, menus: [{ menu: menu.path, action: allBits(menu) }] });
    const companyId = menu.vendorOnly ? made.vendorId : made.companyId;
    await api(admin, 'POST', '/system/admin_user', { username, password: PASSWORD, name: username, customer_id: companyId, roles: [role.id] });
    expect(await tour(username)).toEqual([]);
  });
});
