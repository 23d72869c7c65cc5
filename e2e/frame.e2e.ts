import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleUnderTest, settled } from './console.js';

/** Controls and column headers of the page that something else drawn over them would take the click of. */
async function coveredInMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets = [...document.querySelectorAll<HTMLElement>('main th, main button, main a, main input')];
    const covered: string[] = [];
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      // a sticky table header or fixed column of the page itself is the page's own, not a cover
      if (hit && !el.contains(hit) && !hit.contains(el) && !hit.closest('main')) {
        covered.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 12)}" under ${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}`);
      }
    }
    return covered;
  });
}

const tabTitles = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' }).getByRole('link').allInnerTexts();

describe('the console frame in Chromium', () => {
  const app = consoleUnderTest();

  it('covers nothing of the page at 1440 and 390 px: the settings gear is in the navbar', async () => {
    const page = await app.signedIn('/device/device');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.goto(`${app.url}/custom/device/device`);
      await settled(page);
      expect(await coveredInMain(page), `${width} px`).toEqual([]);
      const gear = page.getByRole('button', { name: '打开布局配置' });
      expect(await gear.evaluate((el) => !!el.closest('header'))).toBe(true);
      await gear.click();
      await page.getByRole('dialog').getByText('系统布局配置').waitFor();
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  }, 180_000);

  it('scrolls the tags bar to the open page’s tab and brings the tabs back after a reload', async () => {
    const page = await app.signedIn('/dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    const paths = ['/system/admin_user', '/system/role', '/system/config', '/system/version', '/system/log', '/system/login_log', '/manager/custom', '/manager/tag'];
    for (const path of paths) {
      await page.goto(`${app.url}/custom${path}`);
      await page.locator('main').waitFor();
    }
    // several clicks through the console, not reloads: the last tabs lie far right of a 390 px bar
    await page.getByRole('navigation', { name: '已打开的页面' }).getByRole('link', { name: '首页' }).click();
    await page.waitForURL('**/custom/dashboard');
    await page.getByRole('navigation', { name: '已打开的页面' }).getByRole('link', { name: '设备标签' }).click();
    await page.waitForURL('**/custom/manager/tag');

    const bar = page.getByRole('navigation', { name: '已打开的页面' });
    const inView = async (name: string) => {
      const barBox = (await bar.boundingBox())!;
      const tab = (await bar.getByRole('link', { name, exact: true }).boundingBox())!;
      return tab.x >= barBox.x && tab.x + tab.width <= barBox.x + barBox.width;
    };
    await expect.poll(() => inView('设备标签')).toBe(true);
    await page.getByRole('navigation', { name: '已打开的页面' }).getByRole('link', { name: '首页' }).click();
    await expect.poll(() => inView('首页')).toBe(true);

    const before = await tabTitles(page);
    expect(before.length).toBe(paths.length + 1);
    await page.reload();
    await page.locator('main').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(before);
    await page.context().close();
  }, 300_000);
});
