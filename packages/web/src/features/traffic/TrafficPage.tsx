import { TRAFFIC_PATH, type TrafficBox, trafficBoxResource } from '@gw/contracts';
import { Button, Card, Space, Switch } from 'antd';
import { ZoneDatePicker } from '../../components/DateRange';
import { useMemo, useState } from 'react';
import { Chart } from '../../components/Chart';
import { ListGrid, ListSearchBar, ListToolbar, ResourceList, bulkActionsFrom, filtersFrom } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable/listTypes';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import dayjs, { wallNow } from '../../utils/dayjs';
import { useTrafficCustomers } from './api';
import { BoxChartDrawer } from './BoxChartDrawer';
import { customersOption } from './chartOptions';
import { T } from './messages';
import { PlanDrawer } from './PlanDrawer';
import { SetPlanForm } from './PlanForm';
import { trafficColumns } from './trafficColumns';
import styles from './TrafficPage.module.css';

const FILTERS = filtersFrom(trafficBoxResource);
const BULK = bulkActionsFrom(trafficBoxResource, { set_plan: SetPlanForm });

/** A click on a row's own controls (its checkbox, its buttons) is not a click on the row. */
const onControl = (event: { target: EventTarget }) => !!(event.target as HTMLElement).closest('button, a, .ant-checkbox-wrapper, .ant-table-selection-column');

/** 各公司流量: the month's ten companies using the most, up and down stacked. */
function CustomerChart({ month }: { month: string }) {
  const customers = useTrafficCustomers(month);
  const option = useMemo(() => customersOption(customers.data ?? []), [customers.data]);
  return <Chart height={280} loading={customers.isFetching} empty={customers.data?.length === 0} option={option} notMerge />;
}

/**
 * 设备流量 (/device/traffic): a month's traffic of the boxes in the caller's scope — each company's total, then
 * every box most first with its SIM plan and how much of it it used, a box over its plan in red. A row opens the
 * box's chart over a chosen range; 设置套餐 sets the selected boxes' plan, 套餐管理 the plans; 导出 exports the
 * month as the list shows it. Buttons follow the user's bits on 设备流量.
 */
export default function TrafficPage() {
  const [month, setMonth] = useState(() => wallNow().format('YYYY-MM'));
  const [overOnly, setOverOnly] = useState(false);
  const [charted, setCharted] = useState<TrafficBox | null>(null);
  const [plansOpen, setPlansOpen] = useState(false);
  const fixed = useMemo(() => ({ month, over: overOnly ? 'yes' : undefined }), [month, overOnly]);
  // the company filter only for those who may read the companies
  const filters = useReadableFilters(FILTERS);
  const rowActions: RowAction<TrafficBox>[] = [{ key: 'chart', label: T.chart, onClick: (row) => setCharted(row) }];

  const monthPicker = (
    <ZoneDatePicker
      picker="month"
      aria-label={T.month}
      allowClear={false}
      value={dayjs(`${month}-01`)}
      disabledDate={(day) => day.isAfter(wallNow(), 'month')}
      onChange={(picked) => picked && setMonth(picked.format('YYYY-MM'))}
    />
  );
  const toolbar = (
    <Space>
      <Switch checked={overOnly} onChange={setOverOnly} checkedChildren={T.overOnly} unCheckedChildren={T.overOnly} aria-label={T.overOnly} />
      <Button onClick={() => setPlansOpen(true)}>{T.plans}</Button>
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={T.customers} extra={monthPicker}>
        <CustomerChart month={month} />
      </Card>
      <Card title={T.boxes}>
        <ResourceList<TrafficBox>
          descriptor={trafficBoxResource}
          menu={TRAFFIC_PATH}
          columns={trafficColumns}
          rowKey="device_id"
          filters={filters}
          fixedFilters={fixed}
          rowActions={rowActions}
          bulkActions={BULK}
        >
          <ListSearchBar />
          <ListToolbar extra={toolbar} />
          <ListGrid<TrafficBox>
            rowClassName={(row) => `${styles.row} ${row.over ? styles.over : ''}`}
            onRow={(row) => ({ onClick: (event: { target: EventTarget }) => !onControl(event) && setCharted(row) })}
          />
        </ResourceList>
      </Card>
      <BoxChartDrawer box={charted} onClose={() => setCharted(null)} />
      <PlanDrawer open={plansOpen} onClose={() => setPlansOpen(false)} />
    </Space>
  );
}
