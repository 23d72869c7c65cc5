import { FLASHER_PATH, type FlashBatch, type FlashBatchDetail } from '@gw/contracts';

export const F = FLASHER_PATH;

/** A batch as the API answers it. */
export function batch(overrides: Partial<FlashBatch> = {}): FlashBatch {
  return {
    id: 1, goods_id: 3, goods_name: '4G 网关', count: 3, prefix: 'GW26', start: 1, digits: 4, first_gateway_id: 'GW260001', last_gateway_id: 'GW260003',
    buy_order_id: null, state: 'new', connected: 0, remark: '', created_by_name: '管理员', downloaded_at: null, confirmed_at: null,
    created_at: '2026-03-01T02:00:00Z',
    ...overrides,
  };
}

/** One batch in each state. */
export const batches: FlashBatch[] = [
  batch(),
  batch({ id: 2, first_gateway_id: 'GW260004', last_gateway_id: 'GW260006', start: 4, state: 'downloaded', downloaded_at: '2026-03-01T03:00:00Z' }),
  batch({ id: 3, first_gateway_id: 'GW260007', last_gateway_id: 'GW260009', start: 7, state: 'confirmed', connected: 2, downloaded_at: '2026-03-01T03:00:00Z', confirmed_at: '2026-03-02T03:00:00Z' }),
];

/** Batch 3 with its identities: two connected, one of them with a suspected clone. */
export const batchDetail: FlashBatchDetail = {
  ...batches[2],
  items: [
    { gateway_id: 'GW260007', device_id: 17, first_connected_at: '2026-03-03T01:00:00Z', fingerprint: 'fp-0007', clone_attempts: 0, last_clone_at: null, last_clone_fingerprint: '' },
    { gateway_id: 'GW260008', device_id: 18, first_connected_at: '2026-03-03T01:05:00Z', fingerprint: 'fp-0008', clone_attempts: 2, last_clone_at: '2026-03-04T08:00:00Z', last_clone_fingerprint: 'fp-evil' },
    { gateway_id: 'GW260009', device_id: 19, first_connected_at: null, fingerprint: '', clone_attempts: 0, last_clone_at: null, last_clone_fingerprint: '' },
  ],
};
