import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { watchProblems } from './browser.js';
import { consoleUnderTest, settled } from './console.js';
import { ADMIN_PASSWORD } from './server.js';

const BOXES = 4;
/** The grid's gutter between rows of cards. */
const GUTTER = 16;

interface Cell {
  id: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The 首页 grid's cells as drawn: each card's box, in the page's order. */
const cells = (page: Page): Promise<Cell[]> =>
  page.locator('[data-testid^="cell-"]').evaluateAll((els) =>
    els.map((el) => {
      const card = (el.firstElementChild ?? el).getBoundingClientRect();
      return { id: el.getAttribute('data-testid')!, top: Math.round(card.top), bottom: Math.round(card.bottom), left: Math.round(card.left), right: Math.round(card.right) };
    }),
  );

describe('首页 in Chromium', () => {
  const app = consoleUnderTest();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
  });

  it('leaves no empty band between cards at 1440 px, stacks state, alarms and output first at 390 px, and names what it draws', async () => {
    const { identities, publicKeyPem } = await provisionFleet({ api: app.url, user: 'admin', password: ADMIN_PASSWORD, boxes: BOXES, prefix: 'E2E-HOME' });
    fleet = startFleet({ identities, url: `${app.url.replace(/^http/, 'ws')}/custom/mqtt`, rate: 1, publicKeyPem });
    await fleet.connected();

    const page = await app.signedIn('/dashboard');
    const problems = watchProblems(page);
    await page.getByTestId('output-utilisation-basis').waitFor({ timeout: 20_000 });
    const trends = page.locator('.ant-card', { hasText: '近 7 日趋势' });
    await expect.poll(() => trends.locator('[data-drawn="true"]').count(), { timeout: 20_000 }).toBe(2);
    await settled(page);
    expect(await page.getByTestId('output-utilisation-basis').innerText()).toMatch(/^运行时长 ÷ 今日至今计划时长 · \d+ 台$/);
    expect(await trends.getByRole('img', { name: /^近 7 日每日产量与稼动率/ }).count()).toBe(1);

    // wide: the cards of a row end on one line, and the next row starts one gutter below it
    const wide = await cells(page);
    const rows = new Map<number, Cell[]>();
    for (const cell of wide) rows.set(cell.top, [...(rows.get(cell.top) ?? []), cell]);
    const lines = [...rows.values()];
    for (const row of lines) expect(new Set(row.map((c) => c.bottom)).size, row.map((c) => c.id).join(' ')).toBe(1);
    for (let i = 1; i < lines.length; i++) expect(lines[i][0].top - lines[i - 1][0].bottom, lines[i][0].id).toBe(GUTTER);
    expect(wide.map((c) => c.id).slice(0, 4)).toEqual(['cell-machine-states', 'cell-today-alarms', 'cell-output-today', 'cell-trends']);

    // every progress bar and icon-only button on the page has a name
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('main [role="progressbar"], main button')]
        .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim()))
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    expect(unnamed).toEqual([]);

    // a phone: one card a row, in the order people look, none wider than the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('output-utilisation-basis').waitFor({ timeout: 20_000 });
    await settled(page);
    const narrow = await cells(page);
    expect(narrow.map((c) => c.id).slice(0, 4)).toEqual(['cell-machine-states', 'cell-today-alarms', 'cell-output-today', 'cell-trends']);
    for (let i = 1; i < narrow.length; i++) expect(narrow[i].top, narrow[i].id).toBeGreaterThan(narrow[i - 1].bottom);
    for (const cell of narrow) expect(cell.right, cell.id).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  }, 120_000);
});
