import { FullscreenExitOutlined, FullscreenOutlined, RollbackOutlined } from '@ant-design/icons';
import { GIS_STATES, GOODS_PATH, type GisQuery, type GisState, MACHINE_STATE_TITLES, customerResource, treeMenus } from '@gw/contracts';
import type { EChartsType } from 'echarts/core';
import { Alert, Button, Card, Flex, Segmented, Select, Space, Typography } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import screenfull from 'screenfull';
import { Chart, type ChartEventHandler } from '../../components/Chart';
import { DeviceDrawer } from '../../components/DeviceDrawer';
import { CompanyTreeSelect } from '../../components/ResourceTable/CompanyTreeSelect';
import { RemoteSelect } from '../../components/RemoteSelect';
import { useCan } from '../../utils/permission';
import { useLiveRefetch } from '../../utils/live';
import { useCustomerMap, useGisBoxes, useRegions } from './api';
import { CLUSTER_BELOW_ZOOM, CLUSTER_SERIES, type Layer, type MapView, fitView, mapOption } from './mapOption';
import { M } from './messages';
import { warmGis } from './early';

// the map is drawn the moment its data is in: its chart code, map file and boxes load together (already asked for
// when the console opened on this page), the box drawer on first use
warmGis();

const STATE_OPTIONS = GIS_STATES.map((state) => ({ value: state, label: MACHINE_STATE_TITLES[state] }));

/**
 * GIS 地图: the caller's boxes on an offline map of China, coloured by state and kept live, or 客户分布 (customers
 * per province). Filters by company (its subtree; the map then turns to its boxes), type and state; a click on a
 * box opens its drawer, a click on a province shows its cities, 返回全国 goes back; 全屏 fills the screen.
 */
export default function GisPage() {
  const can = useCan();
  const [layer, setLayer] = useState<Layer>('boxes');
  const [query, setQuery] = useState<GisQuery>({});
  const [province, setProvince] = useState<string | null>(null);
  // where the map looks; changed by a click on a bubble, and by the user's zoom when it crosses CLUSTER_BELOW_ZOOM
  const [view, setView] = useState<MapView>({ zoom: 1 });
  const chart = useRef<EChartsType | null>(null);
  const drill = (next: string | null) => {
    setProvince(next);
    setView({ zoom: 1 });
  };
  const [picked, setPicked] = useState<number | null>(null);
  const [full, setFull] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  const boxes = useGisBoxes(query);
  // a company chosen turns the whole country's map to its boxes once they are in (its pick sets `fitting`)
  const [fitting, setFitting] = useState(false);
  if (fitting && boxes.data && !boxes.isPlaceholderData) {
    setFitting(false);
    const fit = province ? null : fitView(boxes.data.points);
    if (fit) setView(fit);
  }
  const customers = useCustomerMap(layer === 'customers');
  const regions = useRegions(province);
  const map = province ? `province:${province}` : 'china';
  const geoJSON = regions.data;

  // a box connecting, leaving or changing state recolours the map (one reload a few seconds at most)
  useLiveRefetch(['presence', 'machine_state'], boxes.refetch, 3000);

  const option = useMemo(
    () => (geoJSON ? mapOption({ map, layer, points: boxes.data?.points ?? [], customers: customers.data?.data ?? [], view }) : null),
    [geoJSON, map, layer, boxes.data, customers.data, view],
  );
  const onRoam = () => {
    const geo = (chart.current?.getOption().geo as { zoom?: number; center?: number[] }[] | undefined)?.[0];
    const zoom = geo?.zoom ?? 1;
    if (zoom < CLUSTER_BELOW_ZOOM !== view.zoom < CLUSTER_BELOW_ZOOM) setView({ zoom, center: geo?.center });
  };
  const onClick: ChartEventHandler = (params) => {
    if (params.seriesName === CLUSTER_SERIES) {
      const [lng, lat] = params.value as number[];
      setView({ zoom: CLUSTER_BELOW_ZOOM + 1, center: [lng, lat] });
    } else if (params.componentType === 'series' && params.seriesType === 'scatter') {
      const value = params.value as number[];
      setPicked(value[2]);
    } else if (!province && (params.componentType === 'geo' || params.seriesType === 'map') && params.name) {
      drill(params.name);
    }
  };
  const pickCompany = (id: number | undefined) => {
    setQuery((q) => ({ ...q, customer_id: id }));
    if (id === undefined) setView({ zoom: 1 });
    setFitting(id !== undefined);
  };
  const toggleFull = () => {
    if (!screenfull.isEnabled || !frame.current) return;
    void screenfull.toggle(frame.current).then(() => setFull(screenfull.isFullscreen));
  };

  const filters = (
    <Space wrap>
      <Segmented<Layer> value={layer} onChange={setLayer} options={[{ value: 'boxes', label: M.boxes }, { value: 'customers', label: M.customers }]} />
      {layer === 'boxes' && (
        <>
          {treeMenus(customerResource).some((menu) => can(menu, 'query')) && (
            <CompanyTreeSelect aria-label={M.company} placeholder={M.company} style={{ width: 200 }} value={query.customer_id} onChange={pickCompany} />
          )}
          {can(GOODS_PATH, 'query') && (
            <RemoteSelect url={GOODS_PATH} aria-label={M.goods} placeholder={M.goods} allowClear style={{ width: 160 }} value={query.goods_id} onChange={(id) => setQuery((q) => ({ ...q, goods_id: id as number | undefined }))} />
          )}
          <Select<GisState> aria-label={M.state} placeholder={M.state} allowClear style={{ width: 120 }} options={STATE_OPTIONS} value={query.state} onChange={(state) => setQuery((q) => ({ ...q, state }))} />
        </>
      )}
    </Space>
  );

  return (
    <Card ref={frame} styles={{ body: { padding: 12 } }} style={full ? { height: '100vh' } : undefined} data-points={option && layer === 'boxes' ? (boxes.data?.points.length ?? 0) : undefined}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        {filters}
        <Space>
          {layer === 'boxes' && boxes.data && <Typography.Text type="secondary">{M.total(boxes.data.points.length, boxes.data.unplaced)}</Typography.Text>}
          {province && (
            <Button icon={<RollbackOutlined />} onClick={() => drill(null)}>
              {M.back}
            </Button>
          )}
          <Button icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFull}>
            {full ? M.exitFullscreen : M.fullscreen}
          </Button>
        </Space>
      </Flex>
      {regions.isError && <Alert type="error" showIcon title={M.mapFailed} />}
      {province && regions.data === null && <Alert type="info" showIcon title={M.noCity(province)} />}
      <Chart
        height={full ? 'calc(100vh - 80px)' : 'calc(100vh - 220px)'}
        style={{ minHeight: 420 }}
        loading={regions.isPending || boxes.isPending}
        maps={geoJSON ? { [map]: geoJSON } : undefined}
        option={option ?? {}}
        notMerge
        onEvents={{ click: onClick, georoam: onRoam }}
        onReady={(instance) => (chart.current = instance)}
      />
      {picked !== null && (
        <Suspense>
          <DeviceDrawer id={picked} onClose={() => setPicked(null)} />
        </Suspense>
      )}
    </Card>
  );
}
