import { z } from 'zod';
import { idFilterSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { DEVICE_STATES, FLOW_TYPES, FLOW_TYPE_TITLES } from './states.js';
import { menuPath } from '../menus.js';

export const DEVICE_FLOW_PATH = menuPath('device-flow');

export const deviceFlowSchema = z.object({
  id: z.number(),
  device_id: z.number(),
  gateway_id: z.string(),
  type: z.enum(FLOW_TYPES),
  from_customer_id: z.number().nullable(),
  from_customer_name: z.string().nullable(),
  to_customer_id: z.number().nullable(),
  to_customer_name: z.string().nullable(),
  state: z.enum(DEVICE_STATES),
  order_no: z.string(),
  operator: z.string(),
  remark: z.string(),
  created_at: z.string(),
});
export type DeviceFlow = z.infer<typeof deviceFlowSchema>;

/** 设备流转: read-only; rows are written by the server as boxes move and never change. */
export const deviceFlowResource = defineResource({
  path: DEVICE_FLOW_PATH,
  title: '设备流转',
  list: { empty: '还没有设备流转记录,设备进货、出货、调拨、退货后在这里留下记录' },
  item: deviceFlowSchema,
  labels: {
    id: '序号',
    device_id: '设备',
    gateway_id: '设备ID',
    type: '类型',
    from_customer_name: '原公司',
    to_customer_name: '目标公司',
    state: '流转后状态',
    order_no: '单号',
    operator: '操作人',
    remark: '备注',
    created_at: '时间',
  },
  sortable: ['id', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '设备ID/单号/操作人',
  filters: {
    // the boxes the caller may see, found by 设备ID, name or fingerprint; a box's drawer links here with its id
    device_id: { label: '设备', schema: idFilterSchema, input: { type: 'remote', url: '/device/device', labelField: 'gateway_id' } },
    type: { label: '类型', schema: z.enum(FLOW_TYPES), input: { type: 'select', options: FLOW_TYPES.map((t) => ({ label: FLOW_TYPE_TITLES[t], value: t })) } },
    customer_id: { label: '公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
  },
  exportable: true,
});
