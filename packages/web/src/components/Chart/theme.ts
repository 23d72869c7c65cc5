import type { MachineState } from '@gw/contracts';
import { COLORS } from '../../settings';

/** The console's primary colour in charts: its default theme colour. */
export const CHART_PRIMARY = COLORS.theme;

/** A machine's state in every picture (map points, timelines, counts): 运行 green, 空闲 amber, 报警 red, 离线 grey. */
export const STATE_COLORS: Record<MachineState, string> = {
  running: '#52c41a',
  idle: '#faad14',
  alarm: '#ff4d4f',
  offline: '#bfbfbf',
};

/**
 * Series colours in turn, the primary first. Green, amber, red and grey are left out so that a second series is
 * never read as a machine state.
 */
export const CHART_PALETTE = [CHART_PRIMARY, '#13c2c2', '#722ed1', '#eb2f96', '#2f54eb', '#fa8c16', '#a0d911', '#8c8c8c'];

const TEXT = '#606266';
const AXIS_LINE = '#dcdfe6';
const SPLIT_LINE = '#ebeef5';

const axis = {
  axisLine: { lineStyle: { color: AXIS_LINE } },
  axisTick: { lineStyle: { color: AXIS_LINE } },
  axisLabel: { color: TEXT },
  splitLine: { lineStyle: { color: SPLIT_LINE } },
};

/**
 * The console's ECharts theme. `fontFamily` is the page's (read from the chart's container), so Chinese text is
 * drawn in the same font as the text around it; without one ECharts keeps its own.
 */
export function chartTheme(fontFamily?: string) {
  return {
    color: CHART_PALETTE,
    backgroundColor: 'transparent',
    textStyle: fontFamily ? { fontFamily, color: TEXT } : { color: TEXT },
    title: { textStyle: { color: '#303133' }, subtextStyle: { color: '#909399' } },
    legend: { textStyle: { color: TEXT } },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
  };
}
