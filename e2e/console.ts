import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, openSignedIn } from './browser.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

/**
 * A button's accessible name: antd spaces out a two-character label (确 定), and an icon adds its own name in
 * front (plus 新增); the label must still be whole (删除 does not match 批量删除).
 */
export const label = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}$`);

/** Calls the API from the page with the signed-in user's token; the whole answer, or a throw naming the failure. */
async function envelope(page: Page, method: string, url: string, body?: unknown) {
  const res = await page.evaluate(
    async ({ method, url, body }) => {
      const headers = { TOKEN: localStorage.getItem('Custom-Token') ?? '', 'content-type': 'application/json' };
      const answer = await fetch(`/custom/api/v1${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await answer.json()) as { code: number; message: string; data: unknown; count?: number };
    },
    { method, url, body },
  );
  if (res.code !== 200) throw new Error(`${method} ${url}: ${res.code} ${res.message}`);
  return res;
}

/** Calls the API from the page with the signed-in user's token; the answer's data, or a throw naming the failure. */
export async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return (await envelope(page, method, url, body)).data as T;
}

/** How many rows the list at `url` holds, as its pager counts them (the answer's `count`). */
export async function listCount(page: Page, url: string): Promise<number> {
  const { count } = await envelope(page, 'GET', url);
  if (typeof count !== 'number') throw new Error(`GET ${url}: no count, not a list`);
  return count;
}

/** The open (not hidden) dropdown's option with `text`: antd draws every dropdown at the end of the page. */
export const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper', { hasText: text });

/**
 * The options with `text` of the dropdown `select` has open: the one its input names (aria-controls), so a
 * dropdown still fading out of an earlier dialog is never taken for it; any open dropdown where none is named
 * (a tree select's tree carries no such id).
 */
async function ownOption(page: Page, select: Locator, text: string): Promise<Locator> {
  const list = await select
    .locator('input')
    .first()
    .getAttribute('aria-controls', { timeout: 1_000 })
    .catch(() => null);
  const own = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', { has: page.locator(`[id="${list}"]`) });
  if (!list || (await own.count()) === 0) return option(page, text);
  return own.locator('.ant-select-item-option', { hasText: text });
}

/**
 * Opens `select` and picks `text`, until the select shows it: a click that lands while a dropdown is still
 * opening or closing can be missed, so it is tried again (as pickFromMenu does for menus) for up to 20 s; a
 * failure says what the select showed and what its dropdown offered.
 */
export async function pick(page: Page, select: Locator, text: string): Promise<void> {
  const shows = async () => (await select.innerText({ timeout: 2_000 }).catch(() => '')).includes(text);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await shows()) return;
    let choice = await ownOption(page, select, text);
    if (!(await choice.first().isVisible())) {
      await select.click({ timeout: 5_000 }).catch(() => undefined);
      choice = await ownOption(page, select, text);
    }
    await choice
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    if (await shows()) return;
    await page.waitForTimeout(250);
  }
  const offered = await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').allInnerTexts();
  const found = await select.count();
  throw new Error(
    `pick ${JSON.stringify(text)}: ${found} select(s) matched, showing ${JSON.stringify(await select.first().innerText().catch(() => ''))}; open dropdowns: ${JSON.stringify(offered)}`,
  );
}

/** The select of the form item labelled `field` within `scope`. */
export const fieldSelect = (scope: Locator, field: string) =>
  scope.locator('.ant-form-item', { has: scope.page().getByText(field, { exact: true }) }).locator('.ant-select');

/** Picks `text` in the select labelled `field` of a form. */
export const choose = (page: Page, scope: Locator, field: string, text: string) => pick(page, fieldSelect(scope, field), text);

/** The list has its rows (antd blurs a loading table and it takes no clicks). */
export const settled = (page: Page) => expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);

/**
 * The built server on a fresh database and one Chromium for the tests of a describe block, started before them
 * and stopped after; `signedIn(path)` opens a console page as a user (the administrator by default).
 */
export function consoleUnderTest() {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get url() {
      return server.url;
    },
    signedIn: (path: string, user = 'admin', password = ADMIN_PASSWORD) => openSignedIn(browser, `${server.url}/custom${path}`, user, password),
  };
}
