import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, openSignedIn, watchProblems } from './browser.js';
import { label } from './console.js';
import { seedUsers } from './fixtures.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

/**
 * Records every Content-Security-Policy violation the page (and its frames) reports, from before its first
 * script runs; read `violations` of the page's window when the visit is done.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { violations: string[] }).violations))];
}

describe('the console under its Content-Security-Policy', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // the database made and seeded before the start, as the other suites do: a loaded machine starts it sooner
    server = await startServer((dir) => seedUsers(dir, []));
    browser = await launchBrowser();
    // seeding and a cold start on a loaded 2-core machine can pass the config's two minutes
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves its pages with the policy, no sniffing and no framing', async () => {
    const page = await newPage(browser);
    const res = await page.goto(`${server.url}/custom/login`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    await page.context().close();
  });

  it('runs the dashboard, the map and the rich-text editor with no violation, console error or failed request', async () => {
    const signed = await openSignedIn(browser, `${server.url}/custom/dashboard`, 'admin', ADMIN_PASSWORD);
    const seen = await watchViolations(signed);
    const trouble = watchProblems(signed);
    // what each document reported, read before the next navigation replaces it
    const violations: string[] = [];
    const collect = async () => violations.push(...(await seen()));

    // a full load with the session, so the init script watches the dashboard from its first script on
    await signed.reload({ waitUntil: 'networkidle' });
    await signed.getByText('公司信息', { exact: true }).waitFor();
    await collect();

    // GIS 地图: ECharts on canvas with the local map outlines
    await signed.goto(`${server.url}/custom/device/gis`, { waitUntil: 'networkidle' });
    await signed.locator('[data-drawn="true"]').first().waitFor({ timeout: 20_000 });
    await collect();

    // 版本管理 → 新增: TinyMCE draws its editing area in a frame and inserts its skin as styles
    await signed.goto(`${server.url}/custom/system/version`, { waitUntil: 'networkidle' });
    await signed.getByRole('button', { name: label('新增') }).click();
    // the frame's body exists before TinyMCE makes it editable: keys typed before that are lost
    const editor = signed.frameLocator('.ant-modal iframe').first().locator('body[contenteditable="true"]');
    await editor.waitFor({ timeout: 20_000 });
    // the editor may still be settling its frame when it first shows (keys typed then are lost, as a person's
    // would be, who then clicks again): type until the words are in
    await expect
      .poll(async () => {
        if ((await editor.innerText()).includes('更新说明')) return true;
        await editor.click();
        await signed.keyboard.type('更新说明');
        return (await editor.innerText()).includes('更新说明');
      })
      .toBe(true);
    await collect();

    // Swagger UI, from the server's own files
    await signed.goto(`${server.url}/custom/api/docs`, { waitUntil: 'networkidle' });
    await signed.getByText('智能网关管理系统 API').first().waitFor({ timeout: 20_000 });
    await collect();

    // not even zod's probe for eval: the console tells zod not to compile validators before its first schema
    expect([...new Set(violations)]).toEqual([]);
    expect(trouble).toEqual([]);
    await signed.context().close();
    // four pages, one with an editor, on a loaded machine
  }, 240_000);

  it('refuses to be shown in a frame of another site', async () => {
    const page = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to display/i.test(message.text())) blocked.push(message.text());
    });
    await page.setContent(`<iframe src="${server.url}/custom/login" width="800" height="600"></iframe>`);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('input').count().catch(() => 0)).toBe(0);
    await page.context().close();
  });
});
