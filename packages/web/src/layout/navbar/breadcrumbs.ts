import type { AppRoute } from '../../app/route-types';

export interface Crumb {
  /** i18n key of the title. */
  title: string;
  /** Where the crumb links to; none for the current page. */
  to?: string;
}

const DASHBOARD = { path: '/dashboard', title: 'dashboard' };

/**
 * The breadcrumb of a route chain: titled levels not opted out (`meta.breadcrumb: false`), Dashboard first;
 * every level but the last links to its redirect, or to itself.
 */
export function buildCrumbs(chain: AppRoute[]): Crumb[] {
  const levels = chain
    .filter((r) => r.meta?.title && r.meta.breadcrumb !== false)
    .map((r) => ({ path: r.path, title: r.meta!.title, to: r.redirect ?? r.path }));
  if (levels[0]?.path !== DASHBOARD.path) levels.unshift({ ...DASHBOARD, to: DASHBOARD.path });
  return levels.map((l, i) => (i === levels.length - 1 ? { title: l.title } : { title: l.title, to: l.to }));
}
