import { MACHINE_STATES, MACHINE_STATE_TITLES, type MachineParts, type MachineTimeline } from '@gw/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { CHART_PRIMARY, STATE_COLORS } from '../../components/Chart/theme';
import { fromWallMs, toWallMs } from '../../utils/zone';
import { formatDuration } from './format';

/** What ECharts hands a custom series' renderItem: the coordinate system's box, and the value → pixel mapping. */
interface RenderParams {
  coordSys: { x: number; y: number; width: number; height: number };
}
interface RenderApi {
  value: (dimension: number) => number;
  coord: (value: number[]) => number[];
  size: (value: number[]) => number[];
  /** The item's visual property, here its colour (the data item's itemStyle). */
  visual: (name: 'color') => string;
}

/**
 * The day's state bands as one row of coloured blocks along the time axis (a custom series: each band a rectangle,
 * cut to the plot when zoomed), zoomable with the wheel or the slider; hovering a band names its state and span.
 */
export function timelineOption(timeline: MachineTimeline): EChartsCoreOption {
  const data = timeline.bands.map((band) => ({
    value: [toWallMs(Date.parse(band.start)), toWallMs(Date.parse(band.end)), MACHINE_STATES.indexOf(band.state)],
    itemStyle: { color: STATE_COLORS[band.state] },
    name: MACHINE_STATE_TITLES[band.state],
  }));
  return {
    animation: false,
    // the axis holds the platform's wall times (toWallMs) read as UTC: its hours are the platform's in any browser
    useUTC: true,
    tooltip: {
      formatter: (p: { name: string; value: number[] }) => `${p.name}<br/>${clock(p.value[0])} – ${clock(p.value[1])}(${formatDuration((p.value[1] - p.value[0]) / 1000)})`,
    },
    grid: { left: 16, right: 16, top: 8, bottom: 56, containLabel: true },
    xAxis: { type: 'time', min: toWallMs(Date.parse(timeline.start)), max: toWallMs(Date.parse(dayEnd(timeline))), axisLabel: { formatter: '{HH}:{mm}' } },
    yAxis: { type: 'category', data: [''], axisTick: { show: false }, axisLine: { show: false } },
    dataZoom: [{ type: 'inside', filterMode: 'weakFilter' }, { type: 'slider', filterMode: 'weakFilter', height: 18, bottom: 12, labelFormatter: (v: number) => clock(v) }],
    series: [
      {
        type: 'custom',
        encode: { x: [0, 1], y: 2 },
        data,
        renderItem: (params: RenderParams, api: RenderApi) => {
          const [x0, y] = api.coord([api.value(0), 0]);
          const [x1] = api.coord([api.value(1), 0]);
          const height = api.size([0, 1])[1] * 0.6;
          const box = params.coordSys;
          const left = Math.max(x0, box.x);
          const right = Math.min(x1, box.x + box.width);
          if (right <= left) return null;
          return { type: 'rect', shape: { x: left, y: y - height / 2, width: right - left, height }, style: { fill: api.visual('color') } };
        },
      },
    ],
  };
}

/** Today's axis still ends at 24:00, so the part of the day to come shows as empty. */
function dayEnd(timeline: MachineTimeline): string {
  return new Date(fromWallMs(Date.parse(`${timeline.date}T00:00:00Z`) + 86_400_000)).toISOString();
}

/** HH:mm of an axis value (a platform wall time read as UTC). */
const clock = (wall: number) => new Date(wall).toISOString().slice(11, 16);

/** Parts made per hour as bars, 0–23 o'clock. */
export function partsOption(parts: MachineParts): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 16, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: parts.hours.map((_, hour) => `${String(hour).padStart(2, '0')}时`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: '产量', data: parts.hours, itemStyle: { color: CHART_PRIMARY } }],
  };
}
