import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GisBoxes } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type EChartsType, getInstanceByDom } from 'echarts/core';
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { clickChartAt, drawableCharts } from '../../test/chart';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import { inFrame } from '../../test/frame';
import { type FakeSocket, fakeLiveChannel } from '../../test/live';
import { around, box } from '../../test/boxes';
import { prefetchBoxes } from './early';
import GisPage from './GisPage';

const maps = path.join(import.meta.dirname, '../../../public/maps');
/** Where the console fetches the map files: its public/maps under its base address. */
const SERVED = `${import.meta.env.BASE_URL}maps/`;
const mapFile = (name: string) => JSON.parse(readFileSync(path.join(maps, name), 'utf8')) as unknown;

// 广州 and 杭州 placed, one more without a position
const placed: GisBoxes = {
  points: [
    [7, 113.264, 23.129, 'running'],
    [8, 120.155, 30.274, 'alarm'],
  ],
  total: 3,
  unplaced: 1,
};

drawableCharts(800, 600);
let calls: ApiCall[];
let fetchMock: Mock;
let gis: GisBoxes;
let sockets: FakeSocket[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  gis = placed;
  ({ calls, fetchMock } = mockApi({
    ...around,
    'GET /device/gis': () => ok(gis),
    'GET /tools/custom_map': () => ok({ data: [{ name: '广东', value: 3 }, { name: '浙江', value: 1 }], geo: { 广东: [113.28, 23.12], 浙江: [120.15, 29.28] } }),
    'GET /device/device/7': () => ok(box({ id: 7, gateway_id: 'GW-007', online: true })),
    'GET /device/machine': () => ({ ...ok([]), count: 0 }),
    [`GET ${SERVED}china.json`]: () => mapFile('china.json'),
    [`GET ${SERVED}index.json`]: () => mapFile('index.json'),
    [`GET ${SERVED}province/guangdong.json`]: () => mapFile('province/guangdong.json'),
  }));
  sockets = fakeLiveChannel();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveChannel(undefined);
});

/** The map's ECharts instance once it shows `text`. */
async function mapShowing(text: string): Promise<EChartsType> {
  await screen.findByText(text, {}, { timeout: 10_000 });
  return getInstanceByDom(document.querySelector<HTMLElement>('[_echarts_instance_]')!)!;
}
const gisGets = () => calls.filter((c) => c.path === '/device/gis').length;

describe('GIS 地图', () => {
  it('places the boxes by state, bubbles them while the whole country shows, and opens a box from its point', async () => {
    renderInShell(inFrame(<GisPage />), '/device/gis');
    const chart = await mapShowing('报警');
    expect(screen.getByText('共 3 台设备,1 台没有位置未显示')).toBeInTheDocument();
    for (const state of ['运行', '空闲', '报警', '离线']) expect(within(chart.getDom()).getByText(state)).toBeInTheDocument();

    // the whole country shows bubbles of nearby boxes: one here, zoomed into on a click
    const bubble = () => chart.getOption().series as { name: string }[];
    expect(bubble().some((series) => series.name === 'clusters')).toBe(true);
    clickChartAt(chart, chart.convertToPixel({ geoIndex: 0 }, [113.264, 23.129]));
    await waitFor(() => expect(bubble().some((series) => series.name === 'clusters')).toBe(false));
    clickChartAt(chart, chart.convertToPixel({ geoIndex: 0 }, [113.264, 23.129]));
    expect(await screen.findByText('设备详情: GW-007')).toBeInTheDocument();
  });

  it('draws the boxes asked for as its code loaded, without asking again', async () => {
    prefetchBoxes();
    renderInShell(inFrame(<GisPage />), '/device/gis');
    await mapShowing('报警');
    expect(screen.getByText('共 3 台设备,1 台没有位置未显示')).toBeInTheDocument();
    expect(gisGets()).toBe(1);
  });

  it('asks again, and shows why, when the boxes asked for ahead were refused', async () => {
    let refused = 0;
    ({ calls } = mockApi({
      ...around,
      'GET /device/gis': () => (refused++ < 2 ? { code: 300, message: '暂不可用', data: null } : ok(gis)),
      [`GET ${SERVED}china.json`]: () => mapFile('china.json'),
    }));
    prefetchBoxes();
    await waitFor(() => expect(refused).toBe(1));
    renderInShell(inFrame(<GisPage />), '/device/gis');
    // the early refusal was quiet; the page's own ask is refused too and says so
    expect(await screen.findByText('暂不可用')).toBeInTheDocument();
    expect(screen.getAllByText('暂不可用')).toHaveLength(1);
    expect(gisGets()).toBeGreaterThanOrEqual(2);
  });

  it('turns to the boxes of a company when it is chosen, its box drawn as a point in the middle', async () => {
    const user = userEvent.setup();
    renderInShell(inFrame(<GisPage />), '/device/gis');
    const chart = await mapShowing('报警');
    gis = { points: [[7, 113.264, 23.129, 'running']], total: 1, unplaced: 0 };
    await user.click(screen.getByRole('combobox', { name: '公司' }));
    await user.click(await screen.findByTitle('华东精机'));
    await waitFor(() => expect(lastGet(fetchMock, '/device/gis')?.get('customer_id')).toBe('7'));
    await screen.findByText('共 1 台设备');
    const geo = () => (chart.getOption().geo as { zoom: number; center: number[] }[])[0];
    await waitFor(() => expect(geo().center).toEqual([113.264, 23.129]));
    expect(geo().zoom).toBeGreaterThanOrEqual(3);
    // points, not bubbles, and the company's box where the map's middle is
    expect((chart.getOption().series as { name: string }[]).some((series) => series.name === 'clusters')).toBe(false);
    clickChartAt(chart, [chart.getWidth() / 2, chart.getHeight() / 2]);
    expect(await screen.findByText('设备详情: GW-007')).toBeInTheDocument();
  });

  it('asks again with the chosen state and again when a box goes offline', async () => {
    const user = userEvent.setup();
    renderInShell(inFrame(<GisPage />), '/device/gis');
    await mapShowing('报警');
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByTitle('报警'));
    await waitFor(() => expect(lastGet(fetchMock, '/device/gis')?.get('state')).toBe('alarm'));
    const before = gisGets();
    sockets.at(-1)!.push({ type: 'presence', customer_id: 7, device_id: 7, gateway_id: 'GW-007', online: false, at: '2026-11-23T10:00:00Z' });
    await waitFor(() => expect(gisGets()).toBeGreaterThan(before), { timeout: 5000 });
  });

  it('shows customers per province, and a province clicked shows its cities until 返回全国', async () => {
    const user = userEvent.setup();
    renderInShell(inFrame(<GisPage />), '/device/gis');
    await mapShowing('报警');
    await user.click(screen.getByText('客户分布'));
    const chart = await mapShowing('多');
    clickChartAt(chart, chart.convertToPixel({ geoIndex: 0 }, [113.28, 23.12]));
    expect(await screen.findByText('广州市', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /返回全国/ }));
    await waitFor(() => expect(screen.queryByText('广州市')).not.toBeInTheDocument());
  });
});
