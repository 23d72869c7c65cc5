import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type MachineTool, MENUS, type MenuDef, flattenMenus } from '@gw/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { launchBrowser, login } from './browser.js';
import { api, settled } from './console.js';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { ADMIN_PASSWORD } from './server.js';

/**
 * Keyboard and screen-reader checks of every page the administrator can open: axe-core (from npm, injected into
 * the page) finds no serious or critical violation but those the spec's colours force (KNOWN below), the skip
 * link is the first tab stop and leads into the page, and the focus ring stands out from what it is drawn on.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Known {
  rule: string;
  /** Matches the axe target (CSS selector) of the node. */
  target: RegExp;
  /** Matches axe's account of the node, where the selector alone would take in more (it is as short as axe can make it). */
  summary?: RegExp;
  reason: string;
}

/**
 * Violations the spec forces, by rule and selector, each with why. Nothing else may be serious or critical.
 */
const KNOWN: Known[] = [
  {
    rule: 'color-contrast',
    // axe names the active entry only as `.ant-menu-item > .ant-menu-title-content`: the colours tell it apart
    target: /\.ant-menu-(item|submenu)/,
    summary: /foreground color: #409eff, background color: #304156/,
    reason: "the sidebar's active entry: the spec fixes its text #409eff on the menu's #304156 (3.75:1)",
  },
];

interface Violation {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** The pages of the menu table the admin opens without an id, as sidebar paths; groups only redirect. */
function menuPages(menus: readonly MenuDef[] = MENUS): string[] {
  return flattenMenus(menus).flatMap((menu) => {
    const pages = menu.children || menu.params ? [] : [menu.path];
    const beside = (menu.beside ?? []).filter((page) => !page.path.includes(':')).map((page) => page.path);
    return [...pages, ...beside];
  });
}

/** A page's serious and critical axe violations, one entry per node. */
async function axeViolations(page: Page, path: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[];
    }
    const found = await axe.run(document, { resultTypes: ['violations'] });
    return found.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })) }));
  });
  return results
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => ({ page: path, rule: v.id, impact: v.impact, target: n.target, summary: n.summary.split('\n').slice(1).join(' ').trim() })));
}

/** WCAG contrast of two CSS rgb()/rgba() colours, the first drawn over the second. */
function contrastOf(fg: string, bg: string): number {
  const parse = (c: string) => (c.match(/[\d.]+/g) ?? ['0', '0', '0', '1']).map(Number);
  const [br, bgG, bb] = parse(bg);
  const [r, g, b, a = 1] = parse(fg);
  const mix = [r * a + br * (1 - a), g * a + bgG * (1 - a), b * a + bb * (1 - a)];
  const lum = ([x, y, z]: number[]) =>
    [x, y, z].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [l1, l2] = [lum(mix), lum([br, bgG, bb])].sort((p, q) => q - p);
  return (l1 + 0.05) / (l2 + 0.05);
}

/**
 * The focused element's ring — its outline, or the box-shadow antd draws on a field's box around the focused input
 * (up to three levels up) — and the opaque background around that.
 */
async function focusRing(page: Page) {
  return page.evaluate(async () => {
    // antd eases a field's focus shadow in (0.2 s): read the ring once the transitions under way have ended, or a
    // loaded machine reads it half drawn (spinners repeat for ever and are not waited for)
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    let ringOf: HTMLElement = el;
    let width = 0;
    let colour = '';
    for (let node: HTMLElement | null = el, level = 0; node && level < 4 && !colour; level++, node = node.parentElement) {
      ringOf = node;
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
        width = parseFloat(style.outlineWidth);
        colour = style.outlineColor;
      } else if (style.boxShadow !== 'none' && /\b0px 0px 0px [1-9]/.test(style.boxShadow)) {
        width = Number(/0px 0px 0px ([\d.]+)px/.exec(style.boxShadow)?.[1] ?? 0);
        colour = /rgba?\([^)]*\)/.exec(style.boxShadow)?.[0] ?? '';
      }
    }
    let bgOf: Element | null = ringOf.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (bgOf) {
      const bg = getComputedStyle(bgOf).backgroundColor;
      if (bg && !bg.startsWith('rgba(0, 0, 0, 0)') && bg !== 'transparent') {
        background = bg;
        break;
      }
      bgOf = bgOf.parentElement;
    }
    const name = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('placeholder') || '').trim().slice(0, 20);
    return { element: `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')} "${name}"`, width, colour, background };
  });
}

describe('keyboard and screen readers on every page', () => {
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  let browser: Browser;
  let fleet: Fleet | undefined;
  let page: Page;

  beforeAll(async () => {
    // a fresh data dir of its own (removed at stop); up to 3 minutes to come up on a loaded machine
    server = await startBuiltServer({ env: { ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' }, healthyWithinMs: 180_000 });
    browser = await launchBrowser();
    // two reporting boxes, so that 首页, 机床 and 机床详情 show what they show with a fleet
    const { identities, publicKeyPem } = await provisionFleet({ api: server.url, user: 'admin', password: ADMIN_PASSWORD, boxes: 2, prefix: 'E2E-A11Y' });
    fleet = startFleet({ identities, url: `${server.url.replace(/^http/, 'ws')}/custom/mqtt`, rate: 1, publicKeyPem });
    await fleet.connected();
    // the console's CSP forbids inline scripts: the test's injected axe needs the policy bypassed
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, bypassCSP: true });
    page = await context.newPage();
    await page.goto(`${server.url}/custom/login`);
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/custom/dashboard');
    // the server's start and the fleet's provisioning take minutes on a loaded 2-core machine
  }, 360_000);
  afterAll(async () => {
    await fleet?.stop();
    await browser?.close();
    await server?.stop();
  });

  it('finds no serious or critical axe violation on any page but those the spec’s colours force', async () => {
    const [box] = await api<{ id: number }[]>(page, 'GET', '/device/device?keywords=E2E-A11Y&limit=1');
    const [machine] = await api<MachineTool[]>(page, 'GET', `/device/machine?device_id=${box.id}&limit=1`);
    const paths = ['/dashboard', ...menuPages(), `/device/machinetool/${box.id}`, ...(machine ? [`/device/machine/${machine.id}`] : [])];

    const found: Violation[] = [];
    for (const path of paths) {
      await page.goto(`${server.url}/custom${path}`);
      await page.locator('main').waitFor();
      await settled(page);
      // charts and cards fill in after their data (a page with live values may never fall quiet: 5 s at most)
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      found.push(...(await axeViolations(page, path)));
    }
    // the login page, signed out
    const signedOut = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, bypassCSP: true });
    const loginPage = await signedOut.newPage();
    await loginPage.goto(`${server.url}/custom/login`);
    await loginPage.getByPlaceholder('验证码').waitFor();
    found.push(...(await axeViolations(loginPage, '/login')));
    await signedOut.close();

    const known = (v: Violation) => KNOWN.find((k) => k.rule === v.rule && k.target.test(v.target) && (!k.summary || k.summary.test(v.summary)));
    const unexpected = found.filter((v) => !known(v));
    const excused = found.filter((v) => known(v));
    const line = (v: Violation) => `  [${v.impact}] ${v.rule} on ${v.page}: ${v.target}${v.summary ? ` — ${v.summary.slice(0, 160)}` : ''}`;
    if (excused.length) console.log(`allowed (the spec's colours), ${excused.length}:\n${[...new Set(excused.map((v) => `  ${v.rule} ${v.target}: ${known(v)!.reason}`))].join('\n')}`);
    if (unexpected.length) console.log(`serious or critical violations, ${unexpected.length}, on ${new Set(unexpected.map((v) => v.page)).size} of ${paths.length + 1} pages:\n${unexpected.map(line).join('\n')}`);
    expect(unexpected.map(line), `${paths.length + 1} pages checked`).toEqual([]);
    // every page loads in full, and axe reads each one whole: minutes on a loaded 2-core machine
  }, 900_000);

  it('makes 跳到主要内容 the first tab stop, leading past the frame into the page', async () => {
    // a keyboard user on a slow line who does not wait for the page: Tab as soon as the frame is drawn, while the
    // page's code (held back here for 2 s) is still on its way; the Tab into the page then waits for it. A page of
    // its own without the service worker, which would serve the code from its cache past the hold.
    const slow = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const tab = await slow.newPage();
    await tab.goto(`${server.url}/custom/login`);
    await login(tab, 'admin', ADMIN_PASSWORD);
    await tab.waitForURL('**/custom/dashboard');
    let held = false;
    await tab.route('**/assets/DevicePage-*.js', async (route) => {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await tab.goto(`${server.url}/custom/device/device`);
    await tab.locator('.skip-link').waitFor({ state: 'attached' });
    await tab.keyboard.press('Tab');
    const skip = tab.getByRole('link', { name: '跳到主要内容' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    // visible once focused, and readable: white on the theme's ink
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    const { color, background } = await skip.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
    expect(contrastOf(color, background)).toBeGreaterThanOrEqual(4.5);

    await tab.keyboard.press('Enter');
    await tab.keyboard.press('Tab');
    // on the page's first control (关键词) once it is there, not on <main> itself nor back in the frame
    await expect.poll(() => tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('请输入关键词');
    expect(await tab.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(held).toBe(true);
    await slow.close();
  });

  it('rings the focused control at 3:1 or more against what it is drawn on', async () => {
    await page.goto(`${server.url}/custom/system/log`);
    // the page itself, not only the frame's first paint (antd's providers load after the entry)
    await page.getByPlaceholder('请输入关键词').waitFor();
    await settled(page);
    const rings = [];
    // the skip link, the sidebar, the navbar, the tabs, the page's first controls
    for (let stop = 0; stop < 30; stop++) {
      await page.keyboard.press('Tab');
      const ring = await focusRing(page);
      if (ring) rings.push(ring);
    }
    const weak = rings.filter((r) => !r.colour || contrastOf(r.colour, r.background) < 3);
    expect(rings.length).toBeGreaterThan(10);
    expect(weak.map((r) => `${r.element}: ring ${r.colour || 'none'} (${r.width}px) on ${r.background}`)).toEqual([]);
  });
});
