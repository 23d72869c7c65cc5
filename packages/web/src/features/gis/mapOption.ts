import { type CustomMap, type GisPoint, MACHINE_STATES, MACHINE_STATE_TITLES, type MachineState } from '@gw/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { CHART_PRIMARY, STATE_COLORS } from '../../components/Chart/theme';
import { clusterPoints } from './clusters';
import { M } from './messages';

export type Layer = 'boxes' | 'customers';

interface Input {
  /** The registered map drawn: 'china' or a province's. */
  map: string;
  layer: Layer;
  points: readonly GisPoint[];
  customers: CustomMap['data'];
  /** Where the map looks: kept across redraws (ECharts' own while roaming). */
  view?: MapView;
}

export interface MapView {
  center?: number[];
  zoom: number;
}

/** How far the whole country spans at zoom 1, in degrees (longitude, latitude), a little more than the map. */
const COUNTRY_SPAN = [62, 36];
/** The closest a fitted view comes: a single box shows with the cities around it. */
const FIT_MAX_ZOOM = 8;

/**
 * The view of the whole country that shows these boxes: centred on them, as close as shows them all with a
 * margin (a single box at FIT_MAX_ZOOM, so points, not bubbles); null for none.
 */
export function fitView(points: readonly GisPoint[]): MapView | null {
  if (!points.length) return null;
  const lngs = points.map((p) => p[1]);
  const lats = points.map((p) => p[2]);
  const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const fits = 0.8 * Math.min(COUNTRY_SPAN[0] / (east - west), COUNTRY_SPAN[1] / (north - south));
  return { center: [(west + east) / 2, (south + north) / 2], zoom: Math.max(1, Math.min(FIT_MAX_ZOOM, fits)) };
}

/** Below this zoom of the whole country, boxes near each other are drawn as one bubble (clusterPoints). */
export const CLUSTER_BELOW_ZOOM = 3;
/** The clusters' grid, in degrees. */
const CELL = 1.5;
/** The series of the bubbles: a click on one zooms to its boxes. */
export const CLUSTER_SERIES = 'clusters';

/** Beyond this many points of one state a series draws in ECharts' large mode (one path, no per-point hover). */
const LARGE = 2000;

/**
 * The map's ECharts option: the regions (roamable), then either 客户分布 — customers per province, coloured by
 * count — or the boxes as points, one series per state in its colour (so 10,000 points draw as four large paths).
 * A point's value is [lng, lat, id]: a click on it names the box.
 */
export function mapOption(input: Input): EChartsCoreOption {
  // no entrance animation: the map is complete at its first frame, and a live refresh every few seconds does not
  // grow every bubble again (ECharts animates series under 2,000 items, so bubbles would, the points would not)
  return { animation: false, ...layerOption(input) };
}

function layerOption({ map, layer, points, customers, view }: Input): EChartsCoreOption {
  const geo = {
    map,
    roam: true,
    ...(view ? { zoom: view.zoom, ...(view.center ? { center: view.center } : {}) } : {}),
    scaleLimit: { min: 0.8, max: 60 },
    label: { show: map !== 'china', fontSize: 10, color: '#666' },
    itemStyle: { areaColor: '#eef3f9', borderColor: '#9fb3c8' },
    emphasis: { label: { show: true }, itemStyle: { areaColor: '#d6e9ff' } },
    select: { disabled: true },
  };
  if (layer === 'customers') {
    const max = Math.max(1, ...customers.map((c) => c.value));
    return {
      tooltip: { trigger: 'item', formatter: (p: { name: string; value?: number }) => `${p.name}<br/>${M.customerCount}: ${Number.isFinite(p.value) ? p.value : 0}` },
      visualMap: { min: 0, max, left: 16, bottom: 16, text: [M.more, M.less], calculable: true, inRange: { color: ['#e6f2ff', CHART_PRIMARY] } },
      geo,
      series: [{ type: 'map', name: M.customerCount, geoIndex: 0, data: customers.map((c) => ({ name: c.name, value: c.value })) }],
    };
  }
  const legend = { top: 12, right: 16, orient: 'vertical', data: MACHINE_STATES.map((state) => MACHINE_STATE_TITLES[state]) };
  if (map === 'china' && (view?.zoom ?? 1) < CLUSTER_BELOW_ZOOM) return clusterOption(geo, legend, points);
  const byState = new Map<MachineState, number[][]>(MACHINE_STATES.map((state) => [state, []]));
  for (const [id, lng, lat, state] of points) byState.get(state)?.push([lng, lat, id]);
  return {
    tooltip: { trigger: 'item', formatter: (p: { seriesName: string }) => M.boxTip(p.seriesName) },
    legend,
    geo,
    series: MACHINE_STATES.map((state) => ({
      type: 'scatter',
      name: MACHINE_STATE_TITLES[state],
      coordinateSystem: 'geo',
      data: byState.get(state),
      symbolSize: 7,
      large: true,
      largeThreshold: LARGE,
      // alarms above the rest
      z: state === 'alarm' ? 4 : 3,
      itemStyle: { color: STATE_COLORS[state], borderColor: '#fff', borderWidth: 0.5 },
      emphasis: { scale: 1.6 },
    })),
  };
}

/**
 * The whole country: bubbles of nearby boxes, sized by their number and coloured by their most urgent state (the
 * legend's colours), each naming its count per state on hover. The legend's series stay, empty, for its key.
 */
function clusterOption(geo: object, legend: object, points: readonly GisPoint[]): EChartsCoreOption {
  const clusters = clusterPoints(points, CELL);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { data?: { states?: Record<MachineState, number> }; value: number[] }) =>
        p.data?.states ? M.clusterTip(p.value[2], MACHINE_STATES.map((state) => [MACHINE_STATE_TITLES[state], p.data!.states![state]])) : '',
    },
    legend,
    geo,
    series: [
      ...MACHINE_STATES.map((state) => ({ type: 'scatter', name: MACHINE_STATE_TITLES[state], coordinateSystem: 'geo', data: [], itemStyle: { color: STATE_COLORS[state] } })),
      {
        type: 'scatter',
        name: CLUSTER_SERIES,
        coordinateSystem: 'geo',
        data: clusters.map((c) => ({ value: [c.lng, c.lat, c.count], states: c.states, itemStyle: { color: STATE_COLORS[c.worst] } })),
        symbolSize: (value: number[]) => Math.min(14 + Math.sqrt(value[2]) * 2.5, 64),
        label: { show: true, formatter: (p: { value: number[] }) => String(p.value[2]), color: '#fff', fontSize: 11 },
        itemStyle: { opacity: 0.85, borderColor: '#fff', borderWidth: 1 },
        z: 4,
      },
    ],
  };
}
