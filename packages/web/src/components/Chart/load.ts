import { preloadable } from '../../utils/preloadable';

/** ECharts and the console's wrapper of it, ~250 kB gzipped: loaded on a chart's first draw or on preloadChart(). */
export const echart = preloadable(() => import('./EChart'));

/**
 * Starts fetching ECharts now, for a page that will draw a chart as soon as its data is in: the chart's code then
 * loads beside the data instead of after it. A module of its own, so a page's warm start carries nothing else.
 */
export function preloadChart(): void {
  echart.preload().catch(() => undefined);
}
