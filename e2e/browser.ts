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
  await item.click();
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
