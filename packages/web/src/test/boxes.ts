import type { Device } from '@gw/contracts';
import { ok } from './mockApi';

// The boxes of the tests of the device page and of the pages that open a box's drawer (GIS 地图).

export const P = '/device/device';

/** A box as the API answers it; two of them tagged, one with machine tools. */
export function box(overrides: Partial<Device> = {}): Device {
  return {
    id: 1, gateway_id: 'GW-001', name: '一号网关', customer_id: 7, company_name: '华东精机', goods_id: 3, goods_name: '4G 网关',
    fingerprint: 'fp-aa01', vpn_ip: '10.8.0.2', machine_net: null, firmware_version: 'v1.2.0', imei: '', iccid: '', address: '',
    area_id: 0, tags: [], online: false, last_seen_at: null, state: 'shipped', license_state: 'none', tunnel_state: 'unlicensed', machine_count: 0, remark: '',
    rejected_at: null, rejected_reason: '', rejected_head: '',
    created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T08:00:00Z',
    ...overrides,
  };
}

export const boxes: Device[] = [
  box({ tags: [{ id: 5, name: '重点', color: 'red' }], online: true }),
  box({ id: 2, gateway_id: 'GW-002', name: '二号网关', machine_count: 2, tags: [{ id: 6, name: '一车间', color: 'blue' }], license_state: 'licensed' }),
];

/** The routes the device page and its drawer read besides the box list. */
export const around = {
  'GET /manager/custom/tree': () => ok([{ id: 7, label: '华东精机', children: [{ id: 8, label: '华东一厂' }] }]),
  'GET /manager/tag': () => ({ ...ok([{ id: 5, name: '重点', color: 'red' }, { id: 6, name: '一车间', color: 'blue' }]), count: 2 }),
  'GET /manager/tag/options': () => ok([{ id: 5, name: '重点', color: 'red' }, { id: 6, name: '一车间', color: 'blue' }]),
  'GET /manager/goods': () => ({ ...ok([{ id: 3, name: '4G 网关' }]), count: 1 }),
  [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }),
  [`GET ${P}/1`]: () => ok(boxes[0]),
  [`GET ${P}/2`]: () => ok(boxes[1]),
};
