import { Empty, Skeleton, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { echart } from './load';
// types only: erased from the build, so ECharts stays in the chunk loaded below
import type { EChartProps } from './EChart';

export type { ChartEventHandler, ChartRenderer } from './EChart';
export { preloadChart } from './load';

export type ChartProps = EChartProps & {
  /** The chart's height (default 300); the width is its container's. */
  height?: number | string;
  /** Shows 加载中… over the chart, which keeps its last picture. */
  loading?: boolean;
  /** Shows 暂无数据 instead of a chart. */
  empty?: boolean;
  className?: string;
  style?: CSSProperties;
};


const fill: CSSProperties = { width: '100%', height: '100%' };
const centred: CSSProperties = { ...fill, display: 'flex', alignItems: 'center', justifyContent: 'center' };
const cover: CSSProperties = { ...centred, position: 'absolute', inset: 0, background: 'rgba(255, 255, 255, 0.6)' };

/**
 * The console's chart: an ECharts option drawn in the console's colours, in a box of a fixed height that it keeps
 * while ECharts loads, while data loads and when there is none. ECharts (~250 kB gzipped) is fetched only when a
 * chart is first drawn, so a page importing this carries none of it.
 *
 * @example <Chart height={240} loading={isFetching} empty={!rows.length}
 *                 option={{ xAxis: { type: 'category', data: days }, yAxis: {}, series: [{ type: 'bar', data: counts }] }}
 *                 onEvents={{ click: (p) => navigate(`/device/${p.name}`) }} />
 */
export function Chart({ height = 300, loading = false, empty = false, className, style, ...chart }: ChartProps) {
  return (
    <div className={className} style={{ position: 'relative', width: '100%', height, ...style }}>
      {empty ? (
        <div style={centred}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        </div>
      ) : (
        // drawn the moment its code is in, not after a suspended boundary's reveal
        <echart.Eager {...chart} fallback={<Skeleton.Node active styles={{ root: fill, content: fill }} />} />
      )}
      {loading && (
        <div style={cover}>
          <Spin description="加载中…" />
        </div>
      )}
    </div>
  );
}

export default Chart;
