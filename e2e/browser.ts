import { type Browser, type Locator, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium, headless, with nothing reaching out to the network (STACK.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh page in a Chinese-speaking browser of desktop size. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

/** Fills the login form (the e2e server runs with LOGIN_CAPTCHA=off, so any captcha text passes). */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByPlaceholder('验证码').fill('0000');
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** A fresh page at `url` (a console path that asks for login), signed in; resolves once it has left the login page. */
export async function openSignedIn(browser: Browser, url: string, username: string, password: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(url);
  await login(page, username, password);
  await page.waitForURL((at) => !at.pathname.startsWith('/custom/login')).catch(async (err: Error) => {
    // say what the login page shows (a refusal, a server error) rather than only that it stayed
    const shown = await page.getByRole('alert').allInnerTexts();
    throw new Error(`${err.message}\nstill at ${page.url()}, showing: ${shown.join(' | ') || 'nothing'}`);
  });
  return page;
}

/**
 * Clicks `item` of a popup (dropdown, context menu, select options) once the popup has been placed at `anchor`.
 * A popup is first drawn off its place and aligned a frame or more later; on a loaded machine Playwright can find
 * it still there and "stable", click the page beneath (the navbar) and so close the popup instead. The popups
 * these tests use open downwards, so the item must lie below the anchor's top edge before it is clicked.
 */
export async function clickPlaced(item: Locator, anchor: Locator): Promise<void> {
  const top = (await anchor.boundingBox())?.y ?? 0;
  await expect.poll(async () => (await item.boundingBox())?.y ?? -Infinity).toBeGreaterThan(top);
  await item.click();
}

/**
 * Opens a dropdown with `trigger` and clicks `item` in it. A click that lands while the navbar is still settling
 * can be missed by the dropdown, so the trigger is clicked again until the item shows.
 */
export async function pickFromMenu(trigger: Locator, item: Locator): Promise<void> {
  await expect
    .poll(async () => {
      if (!(await item.isVisible())) await trigger.click();
      return item.isVisible();
    })
    .toBe(true);
  await clickPlaced(item, trigger);
}

/**
 * Right-clicks `target` and chooses `name` in its context menu until `done()` holds. On a loaded machine a
 * right-click can land while the tab bar re-renders (no menu opens) and a click can reach a menu still on its
 * way in (nothing happens); so, as a user would, it opens the menu and chooses again until the outcome shows.
 * Every action chosen this way must be harmless to repeat.
 */
export async function pickFromContextMenu(target: Locator, name: string, done: () => Promise<boolean>): Promise<void> {
  const item = target.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name, exact: true });
  await expect
    .poll(async () => {
      if (await done()) return true;
      const attempt = (await item.isVisible()) ? item.click({ timeout: 3000 }) : target.click({ button: 'right', timeout: 3000 });
      await attempt.catch(() => undefined);
      return done();
    })
    .toBe(true);
}

/**
 * What a user with the developer tools open would see go wrong on `page` from now on: console errors, uncaught
 * errors, requests that failed and answers of HTTP 400 or more. Read the returned list when the visit is done.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // a request still in flight when the page reloads or navigates is aborted by the browser, not failed
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}
