import type { Device, MachineParts, MachineTool } from '@gw/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { launchBrowser, login, watchProblems } from './browser.js';
import { api, label, settled } from './console.js';
import { ADMIN_PASSWORD } from './server.js';

/** The platform's zone: the server's default (TIME_ZONE unset). */
const PLATFORM = 'Asia/Shanghai';
const PREFIX = 'E2E-TZ';

/** `2024-05-01 08:30:00`: an instant's wall time in a zone, as the console writes times. */
const wallTime = (at: string | number, zone = PLATFORM) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .format(new Date(at))
    .replace('T', ' ');
const wallDate = (at: number, zone = PLATFORM) => wallTime(at, zone).slice(0, 10);
/** Minutes since the platform's midnight. */
const wallMinutes = (at: number) => {
  const [h, m] = wallTime(at).slice(11, 16).split(':').map(Number);
  return h * 60 + m;
};

/** The SVG texts of `scope` matching `pattern`, with their centres: a chart's axis labels. */
async function svgTexts(scope: Locator, pattern: RegExp) {
  const texts = await scope.locator('svg text').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return { text: (el.textContent ?? '').trim(), x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }),
  );
  const matching = texts.filter((t) => pattern.test(t.text));
  // the axis' labels share one line; a slider's or tooltip's texts elsewhere are left out
  const rows = new Map<number, typeof matching>();
  for (const t of matching) rows.set(Math.round(t.y), [...(rows.get(Math.round(t.y)) ?? []), t]);
  return [...rows.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

describe("one time zone: the platform's, whatever the browser's", () => {
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  let browser: Browser;
  let fleet: Fleet | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-e2e-tz-'));
  beforeAll(async () => {
    // TIME_ZONE unset: the platform's zone is Asia/Shanghai, whatever the zone of the server's machine
    server = await startBuiltServer({ dataDir, env: { ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' }, healthyWithinMs: 240_000 });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await fleet?.stop();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A console page in a browser whose own zone is `browserZone`, signed in as the administrator. */
  async function signedIn(browserZone: string, at: string): Promise<Page> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, timezoneId: browserZone });
    const page = await context.newPage();
    await page.goto(`${server.url}/custom${at}`);
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL((at) => !at.pathname.startsWith('/custom/login'));
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
    return page;
  }

  describe.each(['UTC', 'America/New_York'])('with the browser in %s', (browserZone) => {
    it("登录日志 shows each time in the platform's zone, and its date range picks the platform's days", async () => {
      const page = await signedIn(browserZone, '/system/login_log');
      const problems = watchProblems(page);
      await settled(page);
      const [latest] = await api<{ created_at: string }[]>(page, 'GET', '/system/login_log?limit=1');
      const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await expect.poll(() => row.innerText()).toContain(wallTime(latest.created_at));
      expect(await row.innerText()).not.toContain(wallTime(latest.created_at, browserZone));

      // Tab leaves an empty 开始日期 (no keyboard trap), Shift+Tab too
      const inRange = () => page.evaluate(() => !!document.activeElement?.closest('.ant-picker-range'));
      await page.getByPlaceholder('开始日期').click();
      await page.keyboard.press('Tab');
      await expect.poll(inRange).toBe(false);
      await page.getByPlaceholder('开始日期').click();
      await page.keyboard.press('Shift+Tab');
      await expect.poll(inRange).toBe(false);

      // the platform's today holds the login just made, its yesterday nothing, whatever day the browser has
      const today = wallDate(Date.parse(latest.created_at));
      const yesterday = wallDate(Date.parse(latest.created_at) - 86_400_000);
      const filterBy = async (day: string) => {
        const asked = page.waitForRequest((req) => req.url().includes('/system/login_log?') && req.url().includes(`start_date=${day}`));
        await page.getByPlaceholder('开始日期').click();
        await page.getByPlaceholder('开始日期').fill(day);
        await page.keyboard.press('Enter');
        await page.getByPlaceholder('结束日期').fill(day);
        await page.keyboard.press('Enter');
        expect(new URL((await asked).url()).searchParams.get('end_date')).toBe(day);
        await settled(page);
      };
      await filterBy(yesterday);
      await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
      await filterBy(today);
      await expect.poll(() => row.innerText()).toContain(wallTime(latest.created_at));
      expect(problems).toEqual([]);
    });

    it("授权生成 offers the platform's 2099-12-12 00:00:00 as a business licence's end, and says the zone", async () => {
      const page = await signedIn(browserZone, '/system/gen_license');
      await settled(page);
      await page.getByRole('button', { name: label('新增') }).click();
      const dialog = page.getByRole('dialog');
      const exp = dialog.locator('.ant-form-item', { hasText: '到期时间' });
      await expect.poll(() => exp.locator('input').inputValue()).toBe('2099-12-12 00:00:00');
      await expect.poll(() => exp.innerText()).toContain('时间均为 北京时间 (UTC+8)');
    });

    it("机床详情's timeline axis, its bands and 每小时产量 agree on the platform's clock", async () => {
      if (!fleet) {
        const { identities, publicKeyPem } = await provisionFleet({ api: server.url, user: 'admin', password: ADMIN_PASSWORD, boxes: 3, prefix: PREFIX });
        fleet = startFleet({ identities, url: `${server.url.replace(/^http/, 'ws')}/custom/mqtt`, rate: 2, publicKeyPem });
        await fleet.connected();
      }
      const page = await signedIn(browserZone, '/dashboard');
      const problems = watchProblems(page);
      // a machine tool that has made parts in the platform's hour that is now (a simulated one may start idle)
      const hour = () => Math.floor(wallMinutes(Date.now()) / 60);
      const boxes = await api<Device[]>(page, 'GET', `/device/device?keywords=${PREFIX}&limit=10`);
      const found: { machine?: MachineTool } = {};
      await expect
        .poll(
          async () => {
            for (const box of boxes) {
              const [tool] = await api<MachineTool[]>(page, 'GET', `/device/machine?device_id=${box.id}&limit=1`);
              if (tool && (await api<MachineParts>(page, 'GET', `/device/machine/${tool.id}/parts`)).hours[hour()] > 0) found.machine = tool;
            }
            return found.machine !== undefined;
          },
          { timeout: 120_000 },
        )
        .toBe(true);
      const machine = found.machine!;

      await page.goto(`${server.url}/custom/device/machine/${machine.id}`);
      await settled(page);
      const timeline = page.locator('.ant-card', { hasText: '状态时间线' });
      await timeline.locator('[data-drawn="true"]').waitFor();
      await expect.poll(() => timeline.innerText()).toContain('时间均为 北京时间 (UTC+8)');

      // the day's bands end where the axis puts the platform's now (when the page read them)
      const now = wallMinutes(Date.now());
      await timeline.scrollIntoViewIfNeeded();
      const labels = await svgTexts(timeline, /^\d{2}:\d{2}$/);
      expect(labels.length).toBeGreaterThan(2);
      const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
      // the axis ends at the next midnight, labelled 00:00 again: read as 24:00
      const [first, last] = [labels[0], labels[labels.length - 1]];
      const lastMinutes = minutesOf(last.text) || 24 * 60;
      const perMinute = (last.x - first.x) / (lastMinutes - minutesOf(first.text));
      const xOf = (minutes: number) => first.x + perMinute * (minutes - minutesOf(first.text));
      const chart = timeline.locator('svg', { has: page.locator('text') }).first();
      const svg = (await chart.boundingBox())!;
      // the bands: filled shapes in the plot's row (the axis is a line, the zoom slider lies below)
      const bands = await chart.locator('path').evaluateAll(
        (els, top) =>
          els
            .filter((el) => (el.getAttribute('fill') ?? 'none') !== 'none' && el.getAttribute('fill') !== 'transparent')
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.height >= 8 && r.height <= 60 && r.top >= top && r.bottom <= top + 75)
            .map((r) => ({ left: r.left, right: r.right })),
        svg.y,
      );
      expect(bands.length).toBeGreaterThan(0);
      const drawnFrom = Math.min(...bands.map((b) => b.left));
      const drawnTo = Math.max(...bands.map((b) => b.right));
      // they start no earlier than the day (a machine tool's day counts from when it was created, here just now)
      expect(drawnFrom).toBeGreaterThanOrEqual(xOf(0) - 2);
      // a pixel is about a minute of the day: the page read its bands a little before `now`
      expect(Math.abs(drawnTo - xOf(now))).toBeLessThan(6);

      // 每小时产量: the bar of that same hour of the platform's clock holds the parts
      const partsCard = page.locator('.ant-card', { hasText: '每小时产量' });
      await partsCard.locator('[data-drawn="true"]').waitFor();
      const hourLabel = `${String(hour()).padStart(2, '0')}时`;
      // the hours' labels place the bars (a crowded axis may leave some labels out)
      await partsCard.scrollIntoViewIfNeeded();
      const hours = await svgTexts(partsCard, /^\d{2}时$/);
      const [h0, h1] = [hours[0], hours[hours.length - 1]];
      const barX = h0.x + ((h1.x - h0.x) / (parseInt(h1.text, 10) - parseInt(h0.text, 10))) * (hour() - parseInt(h0.text, 10));
      const partsSvg = (await partsCard.locator('svg', { has: page.locator('text') }).first().boundingBox())!;
      await page.mouse.move(barX, partsSvg.y + partsSvg.height / 2);
      await expect.poll(() => partsCard.innerText(), { timeout: 10_000 }).toMatch(new RegExp(`${hourLabel}[\\s\\S]*产量\\s*[1-9]`));

      // an alarm, when the box has raised one, is listed at its platform time
      const alarms = await api<{ started_at: string }[]>(page, 'GET', `/device/machine/${machine.id}/alarms?limit=1`);
      if (alarms.length) {
        const alarmCard = page.locator('.ant-card', { hasText: '报警' }).last();
        await expect.poll(() => alarmCard.innerText()).toContain(wallTime(alarms[0].started_at));
      }
      expect(problems).toEqual([]);
    }, 240_000);
  });
});
