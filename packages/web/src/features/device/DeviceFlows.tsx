import { DEVICE_STATE_TITLES, type DeviceFlow, type DeviceState, FLOW_TYPE_TITLES, type FlowType, deviceFlowResource, labelOf } from '@gw/contracts';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';
import { useDeviceFlows } from './api';
import { M } from './messages';
import { DetailTable } from '../../components/ResourceTable';

const label = (field: string) => labelOf(deviceFlowResource, field);
const columns: ColumnsType<DeviceFlow> = [
  { key: 'created_at', dataIndex: 'created_at', title: label('created_at'), render: (time: string) => parseTime(time) },
  { key: 'type', dataIndex: 'type', title: label('type'), render: (type: FlowType) => FLOW_TYPE_TITLES[type] },
  { key: 'from_customer_name', dataIndex: 'from_customer_name', title: label('from_customer_name') },
  { key: 'to_customer_name', dataIndex: 'to_customer_name', title: label('to_customer_name') },
  { key: 'state', dataIndex: 'state', title: label('state'), render: (state: DeviceState) => DEVICE_STATE_TITLES[state] },
  { key: 'operator', dataIndex: 'operator', title: label('operator') },
  { key: 'remark', dataIndex: 'remark', title: label('remark') },
];

/** 流转记录: the box's movements in the ledger, newest first. */
export function DeviceFlows({ deviceId }: { deviceId: number }) {
  const flows = useDeviceFlows(deviceId);
  return (
    <DetailTable<DeviceFlow>
      rowKey="id"
      size="small"
      pagination={false}
      loading={flows.isPending}
      dataSource={flows.data}
      columns={columns}
      locale={{ emptyText: M.noFlows }}
    />
  );
}
