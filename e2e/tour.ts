import { type Grants, can, flattenMenus } from '@gw/contracts';
import type { Page } from 'playwright-core';
import { watchProblems } from './browser.js';
import { api } from './console.js';

/** One page of the console a user may open: its path below /custom and its title (the menu's Chinese name). */
export interface TourPage {
  path: string;
  title: string;
}

/**
 * Values for the routes' parameters, by route, e.g. `{ '/device/machinetool/:id': 3 }`. A page under a parameter
 * is toured only when it is given one (a fresh database has no box, machine tool or rollout to open).
 */
export type TourIds = Readonly<Record<string, string | number>>;

/**
 * Every page `user` may open, as the console derives them: 首页, then each menu of the contracts' table whose 查询
 * bit the user holds (every one for full access), with the pages beside it, in menu order.
 * @example pagesFor({ superUser: false, roleMenu: [{ menu: '/system/log', action: 1 }] }) // 首页, 操作日志
 */
export function pagesFor(user: Grants, ids: TourIds = {}): TourPage[] {
  const pages: TourPage[] = [{ path: '/dashboard', title: '首页' }];
  for (const menu of flattenMenus()) {
    if (menu.children || !can(user, menu.path, 'query')) continue;
    const own = { path: menu.params ? `${menu.path}/${menu.params}` : menu.path, zh: menu.zh };
    for (const route of [own, ...(menu.beside ?? [])]) {
      const path = route.path.includes(':') ? fill(route.path, ids[route.path]) : route.path;
      if (path) pages.push({ path, title: route.zh });
    }
  }
  return pages;
}

const fill = (route: string, id: string | number | undefined) => (id === undefined ? undefined : route.replace(/:\w+/, String(id)));

/** What went wrong on one page: error toasts, answers of 400 or more, console and uncaught errors, a redirect away. */
export interface PageVisit {
  page: TourPage;
  problems: string[];
}

/** The antd toasts and notices of type error, as the page draws them. */
const ERROR_TOAST = '.ant-message-error, .ant-notification-notice-icon-error';

/**
 * Records in the page every error toast as it appears (they leave after 5 s, before a check might look):
 * `window.__errorToasts`, reset by each load.
 */
async function recordErrorToasts(page: Page): Promise<void> {
  await page.addInitScript((selector: string) => {
    const seen = new WeakSet<Element>();
    const shown: string[] = [];
    (window as unknown as { __errorToasts: string[] }).__errorToasts = shown;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll(selector)) {
        if (seen.has(element)) continue;
        seen.add(element);
        const notice = element.closest('.ant-message-notice, .ant-notification-notice') ?? element;
        // the text is drawn in the same commit as the notice; read it once the frame is done
        setTimeout(() => shown.push(notice.textContent?.trim() ?? ''), 0);
      }
    }).observe(document, { childList: true, subtree: true });
  }, ERROR_TOAST);
}

/** How long a page gets after its calls are answered to show a toast a late answer would bring. */
const TOAST_GRACE_MS = 400;

/**
 * Opens each page in turn in the signed-in `page` (a fresh load, as a bookmark or a reload would), waits until its
 * calls are answered and its lists have rows, runs `look` on it (e.g. to collect its text), and returns what went
 * wrong on each: an error toast, an answer ≥ 400, a console error, an uncaught error, or the console sending the
 * user elsewhere (the page is not among the user's routes).
 * @example const visits = await visitEach(page, `${server.url}/custom`, pagesFor(info)); expect(visits.filter((v) => v.problems.length)).toEqual([]);
 */
export async function visitEach(page: Page, base: string, pages: readonly TourPage[], look?: (page: Page, at: TourPage) => Promise<void>): Promise<PageVisit[]> {
  await recordErrorToasts(page);
  const seen = watchProblems(page);
  const visits: PageVisit[] = [];
  for (const at of pages) {
    const from = seen.length;
    const problems: string[] = [];
    try {
      await page.goto(`${base}${at.path}`, { waitUntil: 'networkidle' });
      // waited for in the page, not with expect.poll: tours run in concurrent tests, where vitest's global expect is
      // not bound to one
      const title = `${at.title} - 智能网关管理系统`;
      await page.waitForFunction((want) => document.title === want, title, { timeout: 20_000 }).catch(async () => {
        throw new Error(`title ${JSON.stringify(await page.title())}, not ${JSON.stringify(title)}`);
      });
      const landed = new URL(page.url()).pathname;
      if (landed !== new URL(`${base}${at.path}`).pathname) problems.push(`landed at ${landed}`);
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 20_000 }).catch(() => {
        throw new Error('still loading after 20 s');
      });
      // a page that keeps polling (版本管理's rollouts) never falls quiet: its first answers are in by now
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await page.waitForTimeout(TOAST_GRACE_MS);
      if (look) await look(page, at);
      const toasts = await page.evaluate(() => (window as unknown as { __errorToasts?: string[] }).__errorToasts ?? []);
      problems.push(...toasts.map((text) => `error toast: ${text}`));
    } catch (err) {
      problems.push(`visit failed: ${(err as Error).message.split('\n')[0]}`);
    }
    visits.push({ page: at, problems: [...seen.slice(from), ...problems] });
  }
  return visits;
}

/** The visits that went wrong, as `path: problem` lines (an empty list when every page was clean). */
export const problemsOf = (visits: readonly PageVisit[]): string[] => visits.flatMap((visit) => visit.problems.map((problem) => `${visit.page.path}: ${problem}`));

/** What `furnish` made: the customer company, and the ids that open the pages under a parameter. */
export interface Furnished {
  companyId: number;
  vendorId: number;
  ids: TourIds;
}

/**
 * Gives a fresh console something to show, through the API as the signed-in administrator: a customer company
 * (华东一厂) with a box of a device type, its licence and a machine tool, and a tag — so lists have rows and 机床
 * and 机床详情 have a box and a machine tool to open.
 */
export async function furnish(admin: Page): Promise<Furnished> {
  const [vendor] = await api<{ id: number }[]>(admin, 'GET', `/system/admin_user/companies?keywords=${encodeURIComponent('平台运营方')}`);
  const company = await api<{ id: number }>(admin, 'POST', '/manager/custom', { company_name: '华东一厂' });
  const goods = await api<{ id: number }>(admin, 'POST', '/manager/goods', { name: '边缘网关', code: 'TOUR-EDGE' });
  const box = await api<{ id: number }>(admin, 'POST', '/device/device', { gateway_id: 'TOUR-GW-1', name: '1 号网关', goods_id: goods.id, fingerprint: 'tour-fp-1' });
  await api(admin, 'POST', '/device/device/assign', { ids: [box.id], customer_id: company.id });
  await api(admin, 'POST', '/system/license', { device_id: box.id, type: 'business', vpn: false, count: [{ model: 'all', count: 5 }] });
  const machine = await api<{ id: number }>(admin, 'POST', '/device/machine', { device_id: box.id, code: 'M01', name: '立式加工中心', category: 'fanuc' });
  await api(admin, 'POST', '/manager/tag', { name: '重点设备', color: 'red', customer_id: company.id });
  return { companyId: company.id, vendorId: vendor.id, ids: { '/device/machinetool/:id': box.id, '/device/machine/:id': machine.id } };
}
