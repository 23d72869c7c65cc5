import { BarChart, CustomChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
// ECharts' use() renamed: React's lint reads any use…() as a hook
import { type ECElementEvent, type EChartsCoreOption, type EChartsType, init, registerMap, use as install } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { useEffect, useEffectEvent, useRef } from 'react';
import { chartTheme } from './theme';

// Only what the console's pictures draw: the rest of ECharts stays out of the bundle.
install([
  LineChart,
  BarChart,
  PieChart,
  ScatterChart,
  CustomChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  VisualMapComponent,
  GeoComponent,
  MarkLineComponent,
  DatasetComponent,
  CanvasRenderer,
  SVGRenderer,
]);

/** A chart event's handler. Mouse events (click, dblclick, mouseover…) get the element's fields; others their own. */
export type ChartEventHandler = (params: ECElementEvent) => void;
export type ChartRenderer = 'canvas' | 'svg';

export interface EChartProps {
  option: EChartsCoreOption;
  /** Canvas in the browser (fast with many points); SVG under test, where jsdom has no canvas. */
  renderer?: ChartRenderer;
  /** Replace the previous option instead of merging into it (a series removed disappears). */
  notMerge?: boolean;
  /** Event name → handler, e.g. { click: (p) => open(p.name) }; rebound when the object changes. */
  onEvents?: Record<string, ChartEventHandler>;
  /**
   * Map name → GeoJSON, registered before the option is set (a geo or map series names it). A page that swaps the
   * GeoJSON under a name it already drew passes a new option with it, which redraws.
   */
  maps?: Record<string, object>;
  /** The instance once it holds its first option (to dispatch actions, export an image…); again if it is remade. */
  onReady?: (chart: EChartsType) => void;
}

const DEFAULT_RENDERER: ChartRenderer = import.meta.env.MODE === 'test' ? 'svg' : 'canvas';

/** The GeoJSON each map name was last registered with: registering again only when a page hands in another. */
const registered = new Map<string, object>();
function registerMaps(maps: Record<string, object> | undefined) {
  for (const [name, geoJSON] of Object.entries(maps ?? {})) {
    if (registered.get(name) === geoJSON) continue;
    registerMap(name, { geoJSON } as Parameters<typeof registerMap>[1]);
    registered.set(name, geoJSON);
  }
}

/** One ECharts instance filling its box: made once, fed each new option, resized with the box, disposed at the end. */
export default function EChart({ option, renderer = DEFAULT_RENDERER, notMerge = false, onEvents, maps, onReady }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const announce = useEffectEvent((chart: EChartsType) => onReady?.(chart));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const font = getComputedStyle(el).fontFamily || undefined;
    const chart = init(el, chartTheme(font), { renderer, locale: 'ZH' });
    chartRef.current = chart;
    // data-drawn: whether the latest option is on screen (browser tests and benchmarks wait for it)
    chart.on('finished', () => {
      el.dataset.drawn = 'true';
    });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [renderer]);

  // before the option that draws them (effects run in order)
  useEffect(() => registerMaps(maps), [maps]);

  useEffect(() => {
    if (!chartRef.current || !box.current) return;
    box.current.dataset.drawn = 'false';
    chartRef.current.setOption(option, { notMerge });
  }, [option, notMerge, renderer]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !onEvents) return;
    const bound = Object.entries(onEvents).map(([name, handler]) => [name, handler as (...args: unknown[]) => void] as const);
    for (const [name, handler] of bound) chart.on(name, handler);
    return () => {
      if (chart.isDisposed()) return;
      for (const [name, handler] of bound) chart.off(name, handler);
    };
  }, [onEvents, renderer]);

  useEffect(() => {
    if (chartRef.current) announce(chartRef.current);
  }, [renderer]);

  return <div ref={box} style={{ width: '100%', height: '100%' }} />;
}
