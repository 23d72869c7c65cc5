import { type CustomMap, type GisPoint, MACHINE_STATES, MACHINE_STATE_TITLES, type MachineState } from '@gw/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { CHART_PRIMARY, STATE_COLORS } from '../../../components/Chart/theme';
import { M } from './messages';

export type Layer = 'boxes' | 'customers';

interface Input {
  /** The registered map drawn: 'china' or a province's. */
  map: string;
  layer: Layer;
  points: readonly GisPoint[];
  customers: CustomMap['data'];
}

/** Beyond this many points of one state a series draws in ECharts' large mode (one path, no per-point hover). */
const LARGE = 2000;

/**
 * The map's ECharts option: the regions (roamable), then either 客户分布 — customers per province, coloured by
 * count — or the boxes as points, one series per state in its colour (so 10,000 points draw as four large paths).
 * A point's value is [lng, lat, id]: a click on it names the box.
 */
export function mapOption({ map, layer, points, customers }: Input): EChartsCoreOption {
  const geo = {
    map,
    roam: true,
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
  const byState = new Map<MachineState, number[][]>(MACHINE_STATES.map((state) => [state, []]));
  for (const [id, lng, lat, state] of points) byState.get(state)?.push([lng, lat, id]);
  return {
    tooltip: { trigger: 'item', formatter: (p: { seriesName: string }) => M.boxTip(p.seriesName) },
    legend: { top: 12, right: 16, orient: 'vertical', data: MACHINE_STATES.map((state) => MACHINE_STATE_TITLES[state]) },
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
