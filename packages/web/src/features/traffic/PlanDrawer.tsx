import { MB_BYTES, type TrafficPlan, trafficPlanResource } from '@gw/contracts';
import { Drawer, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ResourceTable } from '../../components/ResourceTable';
import { useVendorSession } from '../../utils/permission';
import { formatBytes } from './format';
import { T } from './messages';
import { PlanForm } from './PlanForm';

const planColumns: ColumnsType<TrafficPlan> = [
  { key: 'name', dataIndex: 'name', render: (name: string, plan) => (plan.is_default ? <>{name} <Tag color="blue">{T.defaultPlan}</Tag></> : name) },
  { key: 'monthly_mb', dataIndex: 'monthly_mb', render: (mb: number) => formatBytes(mb * MB_BYTES) },
  { key: 'box_count', dataIndex: 'box_count' },
  { key: 'remark', dataIndex: 'remark' },
];

/**
 * 套餐管理: the SIM plans. Everyone with 设备流量 reads them; only the vendor adds, edits and deletes them (the
 * server refuses a customer), so a customer's user sees the list alone. Its state stays out of the page's URL.
 */
export function PlanDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const vendor = useVendorSession();
  return (
    <Drawer title={T.plans} open={open} onClose={onClose} size={800} destroyOnHidden>
      <ResourceTable<TrafficPlan>
        descriptor={trafficPlanResource}
        columns={planColumns}
        form={PlanForm}
        syncUrl={false}
        actions={{ add: vendor, edit: vendor, delete: vendor }}
      />
    </Drawer>
  );
}
