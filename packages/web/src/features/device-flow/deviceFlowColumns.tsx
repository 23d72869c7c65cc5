import { DEVICE_STATE_TITLES, type DeviceFlow, type DeviceState, FLOW_TYPE_TITLES, type FlowType } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';

/** A colour per movement: in (green), out (blue), between companies, back, to repair, scrapped. */
const FLOW_COLORS: Record<FlowType, string> = {
  purchase_in: 'green',
  sale_out: 'blue',
  transfer: 'geekblue',
  return: 'orange',
  repair: 'gold',
  scrap: 'red',
};

/** The ledger's columns, newest first; their titles are the descriptor's labels. */
export const deviceFlowColumns: ColumnsType<DeviceFlow> = [
  { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  { key: 'gateway_id', dataIndex: 'gateway_id' },
  { key: 'type', dataIndex: 'type', render: (type: FlowType) => <Tag color={FLOW_COLORS[type]}>{FLOW_TYPE_TITLES[type]}</Tag> },
  { key: 'from_customer_name', dataIndex: 'from_customer_name' },
  { key: 'to_customer_name', dataIndex: 'to_customer_name' },
  { key: 'state', dataIndex: 'state', render: (state: DeviceState) => DEVICE_STATE_TITLES[state] },
  { key: 'order_no', dataIndex: 'order_no' },
  { key: 'operator', dataIndex: 'operator' },
  { key: 'remark', dataIndex: 'remark' },
];
