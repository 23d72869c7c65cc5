import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, watchProblems } from './browser.js';
import { api, label, pick, settled } from './console.js';
import { saveScreenshot } from './screenshots.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = '华东一厂 列表 E2E';
const GOODS = '边缘网关 列表 E2E';
const BOXES = ['E2E-LIST-GW-01', 'E2E-LIST-GW-02', 'E2E-LIST-GW-03', 'E2E-LIST-GW-04'];
const FACTORY_USER = 'huadong-lists';
const FACTORY_PASSWORD = 'factory-pass-1';
/** The built-in 客户 role: what a factory's users work under. */
const CUSTOMER_ROLE = 2;

type Size = typeof LAPTOP;

/** The header cell titled `title` (antd draws the header once more, hidden, to measure it: the visible one). */
const header = (page: Page, title: string) => page.locator('.ant-table-thead th', { hasText: new RegExp(`^${title}$`) }).first();
const dataRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** The buttons a row shows in its 操作 cell, 更多 apart. */
async function rowButtons(row: Locator): Promise<{ shown: string[]; more: boolean }> {
  const names = (await row.locator('td').last().getByRole('button').allInnerTexts()).map((name) => name.replace(/\s/g, ''));
  return { shown: names.filter((name) => name !== '更多'), more: names.includes('更多') };
}

describe('lists lead with state, on a laptop and on a phone', () => {
  let server: RunningServer;
  let browser: Browser;

  /** A fresh page of `size` at `path`, signed in as `user`, its list loaded. */
  async function open(path: string, size: Size, user = 'admin', password = ADMIN_PASSWORD): Promise<Page> {
    const phone = size.width < 768;
    const context = await browser.newContext({ locale: 'zh-CN', viewport: size, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    await page.goto(`${server.url}/custom${path}`);
    await login(page, user, password);
    await page.waitForURL((at) => !at.pathname.startsWith('/custom/login'));
    // (not `settled`: its poll belongs inside a test, and this also runs before them)
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 30_000 });
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // a factory with two of four boxes, and its user under the 客户 role, as an administrator's script would
    const admin = await open('/device/device', LAPTOP);
    const goods = await api<{ id: number }>(admin, 'POST', '/manager/goods', { name: GOODS, code: 'E2E-LIST' });
    const customer = await api<{ id: number }>(admin, 'POST', '/manager/custom', { company_name: CUSTOMER });
    const ids: number[] = [];
    for (const [i, gatewayId] of BOXES.entries()) {
      const box = await api<{ id: number }>(admin, 'POST', '/device/device', {
        gateway_id: gatewayId,
        name: `${i + 1} 号车间网关`,
        goods_id: goods.id,
        // long technical values: they must not push the state off the screen
        fingerprint: `fp-${'9f86d081884c7d659a2feaa0c55ad015'.repeat(2)}-${i}`,
        imei: `86${String(i).padStart(13, '0')}`,
        iccid: `8986${String(i).padStart(16, '0')}`,
      });
      ids.push(box.id);
    }
    await api(admin, 'POST', '/device/device/assign', { ids: ids.slice(0, 2), customer_id: customer.id });
    await api(admin, 'POST', '/manager/tag', { name: '重点设备', color: 'red', customer_id: customer.id });
    await api(admin, 'POST', '/system/admin_user', { username: FACTORY_USER, password: FACTORY_PASSWORD, name: '华东运维', customer_id: customer.id, roles: [CUSTOMER_ROLE] });
    await admin.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** On a laptop: at most three row buttons and 更多 for the rest; the selection bar only with a selection. */
  async function checkLaptopList(page: Page, name: string) {
    const rows = dataRows(page);
    await rows.first().waitFor();
    for (const row of await rows.all()) expect((await rowButtons(row)).shown.length, await row.innerText()).toBeLessThanOrEqual(3);
    // antd's hidden copy of the header takes no Tab stop
    for (const hidden of await page.locator('.ant-table-measure-row input, .ant-table-measure-row button').all()) expect(await hidden.getAttribute('tabindex')).toBe('-1');
    expect(await page.getByRole('region', { name: /^已选/ }).count()).toBe(0);
    // a list whose rows nothing acts on together has no checkboxes, and so no bar
    if (await rows.first().getByRole('checkbox').count()) {
      await rows.first().getByRole('checkbox').check();
      const bar = page.getByRole('region', { name: '已选 1 项' });
      await bar.waitFor();
      await bar.getByRole('button', { name: '取消选择' }).click();
      await bar.waitFor({ state: 'hidden' });
      expect(await rows.first().getByRole('checkbox').isChecked()).toBe(false);
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, `${name}-1440`);
  }

  /** On a phone: cards instead of a table, no page-wide sideways scroll, buttons big enough for a finger. */
  async function checkPhoneList(page: Page, name: string, key: string) {
    const card = page.locator('.ant-card', { hasText: key });
    await card.first().waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    const buttons = await card.first().getByRole('button').all();
    expect(buttons.length).toBeLessThanOrEqual(2);
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height), await button.innerText()).toBeGreaterThanOrEqual(24);
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, `${name}-390`);
  }

  it('网关设备 at 1440×900 as the vendor: the id fixed left, 在线/授权/库存状态 in view, 设备指纹 off, bulk actions only with a selection', async () => {
    const page = await open('/device/device', LAPTOP);
    const problems = watchProblems(page);
    await dataRows(page).first().waitFor();
    expect(await header(page, '设备ID').getAttribute('class')).toContain('ant-table-cell-fix');
    const actions = (await header(page, '操作').boundingBox())!;
    for (const title of ['设备ID', '是否在线', '授权许可', '库存状态']) {
      const box = (await header(page, title).boundingBox())!;
      expect(box.x, title).toBeGreaterThanOrEqual(0);
      // left of the pinned 操作 column, so nothing covers it and nothing needs scrolling
      expect(box.x + box.width, title).toBeLessThanOrEqual(actions.x + 1);
    }
    expect(await header(page, '设备指纹').count()).toBe(0);
    // the row reads its state: offline, 最后在线 empty for a box never seen, unlicensed, in stock
    const row = dataRows(page).filter({ hasText: BOXES[3] });
    for (const text of ['离线', '未授权', '在库']) expect(await row.innerText()).toContain(text);
    // the toolbar keeps what needs no selection
    for (const bulk of ['分配客户', '打标签', '批量删除']) expect(await page.getByRole('button', { name: label(bulk) }).count(), bulk).toBe(0);
    const { shown, more } = await rowButtons(row);
    expect(shown).toEqual(['详情', '编辑', '机床']);
    expect(more).toBe(true);
    await row.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: /重置密钥/ }).waitFor();
    await page.getByRole('menuitem', { name: /删除/ }).waitFor();
    await page.keyboard.press('Escape');
    // a selection brings its bar, with the bulk actions
    await row.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '已选 1 项' });
    await bar.getByRole('button', { name: label('分配客户') }).waitFor();
    await bar.getByRole('button', { name: '取消选择' }).click();
    await bar.waitFor({ state: 'hidden' });
    // 设备指纹 is still there to choose
    await page.getByRole('button', { name: '列设置' }).click();
    await page.locator('.ant-popover').getByText('设备指纹', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await checkLaptopList(page, 'device-admin');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('网关设备 and 设备类型 at 390×844 as the vendor: cards, filters in a drawer, the detail drawer full width', async () => {
    const page = await open('/device/device', PHONE);
    const problems = watchProblems(page);
    const card = page.locator('.ant-card', { hasText: BOXES[0] });
    await card.waitFor();
    for (const text of ['1 号车间网关', CUSTOMER, '离线', '未授权']) expect(await card.innerText()).toContain(text);
    expect(await card.innerText()).not.toContain('fp-');
    await checkPhoneList(page, 'device-admin', BOXES[0]);

    // 筛选 opens the drawer; a filter chosen there applies with 搜索 and is counted on the button
    await page.getByRole('button', { name: /^筛选/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '筛选条件' });
    await drawer.waitFor();
    await pick(page, drawer.locator('.ant-form-item', { hasText: '是否在线' }).locator('.ant-select'), '离线');
    await drawer.getByRole('button', { name: label('搜索') }).click();
    await page.waitForURL(/online=false/);
    await page.getByRole('button', { name: '筛选 (已选 1 项)' }).waitFor();
    await settled(page);

    // the box's drawer: the whole width, nothing to scroll sideways
    await card.getByRole('button', { name: label('详情') }).click();
    const details = page.locator('.ant-drawer-content-wrapper', { hasText: `设备详情: ${BOXES[0]}` });
    await details.getByText('设备指纹').waitFor();
    expect(Math.round((await details.boundingBox())!.width)).toBe(PHONE.width);
    const body = details.locator('.ant-drawer-body');
    expect(await body.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await saveScreenshot(page, 'device-admin-drawer-390');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/custom/manager/goods`);
    await settled(page);
    await checkPhoneList(page, 'goods-admin', GOODS);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('设备类型 and 客户管理 at 1440×900 as the vendor: at most three row buttons, the rest under 更多', async () => {
    const page = await open('/manager/goods', LAPTOP);
    await checkLaptopList(page, 'goods-admin');
    await page.goto(`${server.url}/custom/manager/custom`);
    await settled(page);
    await checkLaptopList(page, 'customer-admin');
    await page.context().close();
  });

  it('the factory’s user under the 客户 role: its two boxes with their state, at 1440×900 and at 390×844', async () => {
    const laptop = await open('/device/device', LAPTOP, FACTORY_USER, FACTORY_PASSWORD);
    await dataRows(laptop).first().waitFor();
    expect(await dataRows(laptop).count()).toBe(2);
    const actions = (await header(laptop, '操作').boundingBox())!;
    for (const title of ['设备ID', '是否在线', '授权许可', '库存状态']) {
      const box = (await header(laptop, title).boundingBox())!;
      expect(box.x + box.width, title).toBeLessThanOrEqual(actions.x + 1);
    }
    await checkLaptopList(laptop, 'device-factory');
    await laptop.goto(`${server.url}/custom/manager/tag`);
    await settled(laptop);
    await checkLaptopList(laptop, 'tag-factory');
    await laptop.context().close();

    const phone = await open('/device/device', PHONE, FACTORY_USER, FACTORY_PASSWORD);
    await checkPhoneList(phone, 'device-factory', BOXES[0]);
    expect(await phone.locator('.ant-card', { hasText: BOXES[3] }).count()).toBe(0);
    await phone.goto(`${server.url}/custom/manager/tag`);
    await settled(phone);
    await checkPhoneList(phone, 'tag-factory', '重点设备');
    await phone.context().close();
    // two sign-ins and four lists
  }, 120_000);
});
