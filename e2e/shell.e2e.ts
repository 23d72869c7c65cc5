import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickPlaced, launchBrowser, login, newPage, openSignedIn, pickFromContextMenu, pickFromMenu, watchProblems } from './browser.js';
import { seedUsers } from './fixtures.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

const QUERY = 1;

describe('console shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const open = async (path: string): Promise<Page> => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/custom${path}`);
    return page;
  };
  const signedIn = (path = '/dashboard', user = 'admin', password = ADMIN_PASSWORD) => openSignedIn(browser, `${server.url}/custom${path}`, user, password);
  const tags = (page: Page) => page.locator('nav[aria-label="已打开的页面"] a');

  beforeAll(async () => {
    server = await startServer((dir) =>
      seedUsers(dir, [{ username: 'viewer', password: 'viewer-pass', menus: [{ menu: '/system/log', action: QUERY }] }]),
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a new user opening a deep link to login with the redirect, then lands there', async () => {
    const page = await open('/system/qrcode_url');
    await page.waitForURL('**/custom/login?redirect=**');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/system/qrcode_url');
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/custom/system/qrcode_url');
    await expect.poll(() => page.title()).toBe('短链接 - 智能网关管理系统');
    await page.getByRole('columnheader', { name: '短码' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('SYSTEM_DICTIONARY'))).toContain('"area"');
    await page.context().close();
  });

  it('shows the login page and the dashboard without a console error or a failed request', async () => {
    const page = await newPage(browser);
    const problems = watchProblems(page);
    await page.goto(`${server.url}/custom/login`, { waitUntil: 'networkidle' });
    await page.getByPlaceholder('用户名').waitFor();
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/custom/dashboard');
    await page.getByText('公司信息', { exact: true }).waitFor();
    // a full load of the dashboard too, as a user coming back with a saved session makes it
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('公司信息', { exact: true }).waitFor();
    expect(problems).toEqual([]);

    // the tab shows the console's own icon, served under /custom/ like the rest of the console
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/custom/favicon.svg');
    const served = await page.request.get(`${server.url}${icon}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/svg+xml');
    await page.context().close();
  });

  it('keeps the user signed in who reloads or leaves the console while it loads the user info', async () => {
    for (let round = 1; round <= 5; round++) {
      const page = await newPage(browser);
      // the first user info after login is held back, so the reload surely lands while it is in flight; the
      // real server still answers it, and every later one goes straight through
      let held = false;
      await page.route('**/custom/api/v1/user/info', async (route) => {
        if (held) return route.continue();
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        // the page that asked is gone by now
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${server.url}/custom/login`);
      const asked = page.waitForRequest('**/custom/api/v1/user/info');
      await login(page, 'admin', ADMIN_PASSWORD);
      await asked;

      // odd rounds follow a link to another page, even rounds press F5 on the dashboard
      const wanted = round % 2 ? '/system/log' : '/dashboard';
      if (round % 2) await page.goto(`${server.url}/custom${wanted}`);
      else await page.reload();
      await expect.poll(() => page.title(), { message: `round ${round}` }).toBe(round % 2 ? '操作日志 - 智能网关管理系统' : '首页 - 智能网关管理系统');
      expect(new URL(page.url()).pathname, `round ${round}`).toBe(`/custom${wanted}`);
      expect(await page.evaluate(() => localStorage.getItem('Custom-Token')), `round ${round}`).not.toBeNull();
      await page.context().close();
    }
  });

  it('offers a retry, not the login page, when the user info cannot be reached', async () => {
    const page = await signedIn();
    await page.getByText('公司信息', { exact: true }).waitFor();
    await page.route('**/custom/api/v1/user/info', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('网络错误,请检查网络.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('Custom-Token'))).not.toBeNull();

    await page.unroute('**/custom/api/v1/user/info');
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await page.getByText('公司信息', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/custom/dashboard');
    await page.context().close();
  });

  it('keeps Dashboard through close others and close all, and refreshes a tab in place', async () => {
    const page = await signedIn();
    const sidebar = page.locator('aside[aria-label="侧边栏"]');
    await sidebar.getByText('系统管理').click();
    const pages = { 版本管理: 'version', 刷机助手: 'box_flasher', 调试代理: 'debug_client' };
    for (const [title, path] of Object.entries(pages)) {
      await sidebar.getByText(title, { exact: true }).click();
      await page.waitForURL(`**/custom/system/${path}`);
    }
    await expect.poll(() => tags(page).allInnerTexts()).toEqual(['首页', '版本管理', '刷机助手', '调试代理']);

    const tab = tags(page).filter({ hasText: '刷机助手' });
    const tabsAre = (...titles: string[]) => async () => JSON.stringify(await tags(page).allInnerTexts()) === JSON.stringify(titles);
    await pickFromContextMenu(tab, '刷新', async () => new URL(page.url()).pathname === '/custom/system/box_flasher');
    expect(await tags(page).allInnerTexts()).toEqual(['首页', '版本管理', '刷机助手', '调试代理']);

    await pickFromContextMenu(tab, '关闭其它', tabsAre('首页', '刷机助手'));
    await pickFromContextMenu(tab, '关闭所有', tabsAre('首页'));
    await page.waitForURL('**/custom/dashboard');
    await page.context().close();
  });

  it('navigates from the header search', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: '搜索' }).click();
    await page.keyboard.type('登录日志');
    const option = page.getByRole('option', { name: /登录日志/ });
    await clickPlaced(option, page.locator('.header-search-select'));
    // a click that a loaded machine's still-opening list let fall is made again, as a user would
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname === '/custom/system/login_log') return true;
          if (await option.isVisible()) await option.click({ timeout: 2_000 }).catch(() => undefined);
          return new URL(page.url()).pathname === '/custom/system/login_log';
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
    await page.context().close();
  });

  it('remembers the global size and the layout settings across a reload', async () => {
    const page = await signedIn();
    await pickFromMenu(page.getByRole('button', { name: '布局大小' }), page.getByRole('menuitem', { name: '小', exact: true }));
    await page.getByText('布局大小已切换').waitFor();

    await page.getByRole('button', { name: '打开布局配置' }).click();
    await page.getByRole('switch', { name: '显示标签栏' }).click();
    await expect.poll(() => tags(page).count()).toBe(0);

    await page.reload();
    await page.getByText('公司信息', { exact: true }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'size')?.value).toBe('small');
    expect(await tags(page).count()).toBe(0);
    await page.getByRole('button', { name: '布局大小' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: '小', exact: true }).getAttribute('class')).toContain('selected');
    await page.context().close();
  });

  it('shows 404 for an unknown path', async () => {
    const page = await signedIn('/no/such/page');
    await page.waitForURL('**/custom/404');
    await page.getByText('返回首页').waitFor();
    await page.context().close();
  });

  it('hides menus a role lacks, and the server refuses their API with 您没有权限访问', async () => {
    const page = await signedIn('/dashboard', 'viewer', 'viewer-pass');
    const sidebar = page.locator('aside[aria-label="侧边栏"]');
    // the system group has one visible child for this user, so it collapses into that child
    await sidebar.getByText('操作日志').waitFor();
    expect(await sidebar.getByText('系统管理').count()).toBe(0);
    expect(await sidebar.getByText('角色管理').count()).toBe(0);
    expect(await sidebar.getByText('客户管理').count()).toBe(0);

    const refused = await page.evaluate(async () => {
      const res = await fetch('/custom/api/v1/manager/custom', { headers: { TOKEN: localStorage.getItem('Custom-Token') ?? '' } });
      return { status: res.status, body: (await res.json()) as { message: string } };
    });
    expect(refused).toMatchObject({ status: 401, body: { message: '您没有权限访问' } });

    await page.goto(`${server.url}/custom/system/role`);
    await page.waitForURL('**/custom/404');
    await page.context().close();
  });

  it('sends the user of an expired session back to login', async () => {
    const page = await signedIn('/system/config');
    // the session ends on the server (as on expiry or revocation); the console still holds the token
    await page.evaluate(() =>
      fetch('/custom/api/v1/user/logout', { method: 'DELETE', headers: { TOKEN: localStorage.getItem('Custom-Token') ?? '' } }),
    );
    await page.reload();
    await page.waitForURL('**/custom/login?redirect=**');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/system/config');
    await page.context().close();
  });

  it('logs out from the avatar menu', async () => {
    const page = await signedIn();
    await page.getByText('公司信息', { exact: true }).waitFor();
    // as a user would: a choice that a loaded machine's still-opening menu let fall is made again, until the
    // console has left for the login page (logging out twice is harmless; the avatar is gone once it worked)
    const avatar = page.getByRole('button', { name: 'admin' });
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname === '/custom/login') return true;
          if (await avatar.isVisible()) await pickFromMenu(avatar, page.getByRole('menuitem', { name: '退出登录' })).catch(() => undefined);
          return new URL(page.url()).pathname === '/custom/login';
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('Custom-Token'))).toBeNull();
    await page.goto(`${server.url}/custom/dashboard`);
    await page.waitForURL('**/custom/login?redirect=**');
    await page.context().close();
  });
});
