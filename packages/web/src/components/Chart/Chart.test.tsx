// isolated: what a chart shows while ECharts is first loaded is seen only in a worker that has not loaded it yet
import { render, screen, waitFor } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clickChartAt, drawableCharts } from '../../test/chart';
import { Chart } from '.';

const months = ['一月', '二月', '三月'];
const bars = {
  // drawn at once: a bar growing from the axis would not be under the pointer yet
  animation: false,
  xAxis: { type: 'category', data: months },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', name: '报警次数', data: [3, 7, 5] }],
};

drawableCharts();

/** Renders a chart and waits for ECharts to hand over its instance. */
async function drawn(ui: (onReady: (chart: EChartsType) => void) => React.ReactElement) {
  const onReady = vi.fn<(chart: EChartsType) => void>();
  const view = render(ui(onReady));
  await waitFor(() => expect(onReady).toHaveBeenCalled());
  return { ...view, chart: onReady.mock.lastCall![0] };
}

/** A real click on the bar of a month. */
const clickBar = (chart: EChartsType, month: string, value: number) => clickChartAt(chart, chart.convertToPixel({ seriesIndex: 0 }, [month, value / 2]));

describe('Chart', () => {
  // first: once ECharts has loaded, later charts draw at once, without the placeholder
  it('keeps its height while ECharts loads', async () => {
    const { container } = render(<Chart option={bars} height={240} />);
    expect(container.firstElementChild).toHaveStyle({ height: '240px' });
    expect(container.querySelector('.ant-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('一月')).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton')).not.toBeInTheDocument();
  });

  it('draws a bar chart as SVG with its axis labels', async () => {
    render(<Chart option={bars} />);
    for (const month of months) expect((await screen.findByText(month)).closest('svg')).toBeInTheDocument();
  });

  it('draws the new option when it changes', async () => {
    const { rerender } = render(<Chart option={bars} />);
    await screen.findByText('一月');
    rerender(<Chart option={{ ...bars, xAxis: { type: 'category', data: ['四月', '五月', '六月'] } }} />);
    expect(await screen.findByText('五月')).toBeInTheDocument();
    expect(screen.queryByText('一月')).not.toBeInTheDocument();
  });

  it('shows 暂无数据 and no chart when empty', async () => {
    const { container } = render(<Chart option={bars} empty />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[_echarts_instance_]')).toBeNull();
    expect(screen.queryByText('一月')).not.toBeInTheDocument();
  });

  it('shows 加载中… over the chart while loading', async () => {
    render(<Chart option={bars} loading />);
    expect(screen.getByText('加载中…').closest('[aria-busy="true"]')).toBeInTheDocument();
    expect(await screen.findByText('一月')).toBeInTheDocument();
  });

  it('calls the click handler with the bar clicked, and only the latest handler', async () => {
    const first = vi.fn();
    const { chart, rerender } = await drawn((onReady) => <Chart option={bars} onEvents={{ click: first }} onReady={onReady} />);
    clickBar(chart, '二月', 7);
    expect(first).toHaveBeenCalledTimes(1);
    expect(first.mock.calls[0][0]).toMatchObject({ name: '二月', value: 7, seriesName: '报警次数' });

    const second = vi.fn();
    rerender(<Chart option={bars} onEvents={{ click: second }} />);
    clickBar(chart, '三月', 5);
    expect(second).toHaveBeenCalledTimes(1);
    expect(second.mock.calls[0][0]).toMatchObject({ name: '三月', value: 5 });
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('binds a handler once under StrictMode, whose effects run twice', async () => {
    const click = vi.fn();
    const { chart } = await drawn((onReady) => (
      <StrictMode>
        <Chart option={bars} onEvents={{ click }} onReady={onReady} />
      </StrictMode>
    ));
    clickBar(chart, '一月', 3);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('registers the maps it is given before drawing them', async () => {
    const square = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: '甲区' },
          geometry: { type: 'Polygon', coordinates: [[[100, 30], [101, 30], [101, 31], [100, 31], [100, 30]]] },
        },
      ],
    };
    render(<Chart maps={{ 测试地图: square }} option={{ series: [{ type: 'map', map: '测试地图', label: { show: true } }] }} />);
    expect((await screen.findByText('甲区')).closest('svg')).toBeInTheDocument();
  });

  it('disposes ECharts when it goes away', async () => {
    const { chart, unmount } = await drawn((onReady) => <Chart option={bars} onReady={onReady} />);
    expect(chart.isDisposed()).toBeFalsy();
    unmount();
    expect(chart.isDisposed()).toBe(true);
  });
});
