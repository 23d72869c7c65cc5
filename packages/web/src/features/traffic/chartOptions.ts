import type { TrafficCustomer, TrafficDaily } from '@gw/contracts';
import { formatBytes } from './format';
import { T } from './messages';

type Tip = { seriesName: string; value: number; marker: string; axisValueLabel: string }[];

/** The tooltip of a chart in bytes: the day or company, then each series' value as KB/MB/GB. */
const tooltip = {
  trigger: 'axis',
  formatter: (items: Tip) => [items[0]?.axisValueLabel ?? '', ...items.map((i) => `${i.marker}${i.seriesName} ${formatBytes(i.value)}`)].join('<br/>'),
};
const bytesAxis = { type: 'value', axisLabel: { formatter: (v: number) => formatBytes(v) } };

/** 各公司流量: a stacked horizontal bar per company, up and down, the most at the top. */
export function customersOption(rows: TrafficCustomer[]) {
  const shown = [...rows].reverse();
  return {
    tooltip,
    legend: { top: 0, data: [T.up, T.down] },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: bytesAxis,
    yAxis: { type: 'category', data: shown.map((r) => r.customer_name) },
    series: [
      { name: T.up, type: 'bar', stack: 'total', data: shown.map((r) => r.up_bytes) },
      { name: T.down, type: 'bar', stack: 'total', data: shown.map((r) => r.down_bytes) },
    ],
  };
}

/** One box's days: up and down per day, as lines or bars, zoomable over a long range. */
export function dailyOption(daily: TrafficDaily, kind: 'line' | 'bar') {
  return {
    tooltip,
    legend: { top: 0, data: [T.up, T.down] },
    grid: { left: 8, right: 24, top: 32, bottom: daily.days.length > 62 ? 48 : 8, containLabel: true },
    xAxis: { type: 'category', data: daily.days.map((d) => d.day.slice(5)) },
    yAxis: bytesAxis,
    dataZoom: daily.days.length > 62 ? [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] : [],
    series: [
      { name: T.up, type: kind, data: daily.days.map((d) => d.up_bytes) },
      { name: T.down, type: kind, data: daily.days.map((d) => d.down_bytes) },
    ],
  };
}
