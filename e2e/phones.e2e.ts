import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, watchProblems } from './browser.js';
import { api, settled } from './console.js';
import { saveScreenshot } from './screenshots.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

const PHONE = { width: 390, height: 844 };
const BOX = 'E2E-PHONE-GW-01';
const CUSTOMER = '华东一厂 手机 E2E';

/** Whether the page as a whole scrolls sideways. */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

/**
 * The visible elements under `scope` reaching past either edge of the window, each as tag.class "text": what a
 * user would have to scroll sideways to read. A tab bar is left out: it scrolls its own tabs, by design.
 */
const beyondTheWindow = (scope: Locator) =>
  scope.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('.ant-tabs-nav') || !element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      if (box.width > window.innerWidth || box.left < -1 || box.right > window.innerWidth + 1) {
        const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`;
        found.push(`${name} "${element.innerText?.slice(0, 30) ?? ''}" ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return found;
  });

describe('phones (390×844): nothing scrolls sideways', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let machineId: number;
  let problems: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'zh-CN', viewport: PHONE, isMobile: true, hasTouch: true });
    page = await context.newPage();
    problems = watchProblems(page);
    await page.goto(`${server.url}/custom/dashboard`);
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL((at) => !at.pathname.startsWith('/custom/login'));
    // a box with something in each of its drawer's tables: a machine tool, a licence, a move in the ledger
    const goods = await api<{ id: number }>(page, 'POST', '/manager/goods', { name: '边缘网关 手机 E2E', code: 'E2E-PHONE' });
    const company = await api<{ id: number }>(page, 'POST', '/manager/custom', { company_name: CUSTOMER });
    const box = await api<{ id: number }>(page, 'POST', '/device/device', { gateway_id: BOX, name: '手机测试网关', goods_id: goods.id, fingerprint: 'e2e-phone-fp-1' });
    await api(page, 'POST', '/device/device/assign', { ids: [box.id], customer_id: company.id });
    await api(page, 'POST', '/system/license', { device_id: box.id, type: 'business', vpn: false, count: [{ model: 'all', count: 5 }] });
    const machine = await api<{ id: number }>(page, 'POST', '/device/machine', { device_id: box.id, code: 'M01', name: '立式加工中心', category: 'fanuc', model: '0i-MF' });
    machineId = machine.id;
    // two export jobs for 导出管理
    await api(page, 'POST', '/device/device/export', {});
    await api(page, 'POST', '/manager/custom/export', {});
    // the drawer opens on the list's ?detail=
    await page.goto(`${server.url}/custom/device/device?detail=${box.id}`);
    // (not `settled`: its poll belongs inside a test)
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('网关设备’s drawer: every tab reads within the window', async () => {
    const drawer = page.locator('.ant-drawer-content-wrapper', { hasText: `设备详情: ${BOX}` });
    await drawer.getByText('设备指纹').waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(PHONE.width);
    const tabs = await drawer.getByRole('tab').allInnerTexts();
    for (const tab of ['基本信息', '机床', '上下线记录', '流转记录', '授权', '固件', '远程调试']) expect(tabs).toContain(tab);
    // what the tables of the box hold, each a card on its tab
    const rowOf: Record<string, string> = { 机床: '立式加工中心', 授权: '商业授权' };
    // in order, as a thumb goes along the bar (a tab already scrolled out of the bar cannot be clicked)
    for (const [index, tab] of tabs.entries()) {
      // the bar slides a tab near its edge into view as it is clicked: a click during the slide may land beside it
      const button = drawer.getByRole('tab', { name: tab, exact: true });
      await expect
        .poll(async () => {
          await button.click();
          return button.getAttribute('aria-selected');
        })
        .toBe('true');
      const pane = drawer.locator('.ant-tabs-content-active');
      await pane.waitFor();
      await settled(page);
      if (rowOf[tab]) await pane.locator('.ant-card', { hasText: rowOf[tab] }).first().waitFor();
      // the drawer's tables are cards here: what a row holds reads down, not across
      expect(await pane.locator('.ant-table').count(), tab).toBe(0);
      expect(await beyondTheWindow(drawer), tab).toEqual([]);
      expect(await pageScrollsSideways(page), tab).toBe(false);
      await saveScreenshot(page, `device-drawer-tab${index + 1}-390`);
    }
  });

  it('导出管理: the jobs as cards, nothing wider than the window', async () => {
    await page.goto(`${server.url}/custom/manager/export`);
    await settled(page);
    await page.locator('.ant-card', { hasText: '网关设备' }).first().waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(await beyondTheWindow(page.locator('main'))).toEqual([]);
    expect(await pageScrollsSideways(page)).toBe(false);
    await saveScreenshot(page, 'export-390');
  });

  it('调试代理 (with its notice that remote access is not set up) and 远程会话: nothing wider than the window', async () => {
    await page.goto(`${server.url}/custom/system/debug_client`);
    await settled(page);
    await page.getByText(/远程访问尚未配置/).waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(await beyondTheWindow(page.locator('main'))).toEqual([]);
    expect(await pageScrollsSideways(page)).toBe(false);
    await saveScreenshot(page, 'debug-client-390');
    await page.goto(`${server.url}/custom/system/remote_session`);
    await settled(page);
    await page.getByText('还没有远程会话', { exact: false }).waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(await beyondTheWindow(page.locator('main'))).toEqual([]);
    expect(await pageScrollsSideways(page)).toBe(false);
    await saveScreenshot(page, 'remote-session-390');
  });

  it('机床详情: its live values, timeline, OEE and alarms read without sideways scrolling', async () => {
    await page.goto(`${server.url}/custom/device/machine/${machineId}`);
    await settled(page);
    await page.getByText('OEE 设备综合效率').waitFor();
    await page.getByText('当日合计').waitFor();
    // the card's title reads whole: what sat beside it (理想节拍, 计划设置) is under it on a phone
    const oeeTitle = page.locator('.ant-card-head-title', { hasText: 'OEE 设备综合效率' });
    expect(await oeeTitle.evaluate((title) => title.scrollWidth <= title.clientWidth)).toBe(true);
    await page.getByRole('button', { name: '计划设置' }).waitFor();
    expect(await beyondTheWindow(page.locator('main'))).toEqual([]);
    expect(await pageScrollsSideways(page)).toBe(false);
    await saveScreenshot(page, 'machine-390');
    expect(problems).toEqual([]);
  });
});
