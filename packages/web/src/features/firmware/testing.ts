import { ROLLOUT_PATH, type Rollout, type RolloutDetail, type RolloutItem, VERSION_PATH, type Version } from '@gw/contracts';

export const V = VERSION_PATH;
export const R = ROLLOUT_PATH;
export const SHA = 'a3f5c0de'.repeat(8);

/** A release as the API answers it. */
export function version(overrides: Partial<Version> = {}): Version {
  return {
    id: 1, version: '1.4.2', goods_ids: [3], goods_names: ['4G 网关'], file_name: 'gw-1.4.2.bin', size: 1536 * 1024, sha256: SHA,
    changelog: '<p>修复断线重连</p>', status: 'published', published_at: '2026-03-01T02:00:00Z', created_at: '2026-02-28T02:00:00Z',
    updated_at: '2026-03-01T02:00:00Z',
    ...overrides,
  };
}

/** One release in each status. */
export const versions: Version[] = [
  version(),
  version({ id: 2, version: '1.5.0-rc.1', status: 'draft', published_at: null, file_name: 'gw-1.5.0.bin', size: 800 }),
  version({ id: 3, version: '1.3.0', status: 'deleted', file_name: 'gw-1.3.0.bin' }),
];

const zero = { pending: 0, sending: 0, downloading: 0, verifying: 0, installing: 0, done: 0, failed: 0, skipped: 0 };

/** A rollout as the list answers it: 20 boxes, 2 batches. */
export function rollout(overrides: Partial<Rollout> = {}): Rollout {
  return {
    id: 4, version_id: 1, version: '1.4.2', target: { type: 'tag', ids: [6] }, target_text: '设备标签: 一车间', batch_size: 10, concurrency: 50,
    pause_seconds: 0, stop_failure_percent: 20, offline_deadline_minutes: 30, state: 'running', stop_reason: '', batch: 1, batches: 2,
    total: 20, counts: { ...zero, pending: 10, downloading: 4, done: 5, failed: 1 }, remark: '', created_by_name: '管理员',
    created_at: '2026-03-02T02:00:00Z', updated_at: '2026-03-02T02:05:00Z', finished_at: null,
    ...overrides,
  };
}

export function item(overrides: Partial<RolloutItem> = {}): RolloutItem {
  return { device_id: 1, gateway_id: 'GW-001', batch: 1, state: 'done', progress: 100, error: '', from_version: '1.3.0', updated_at: '2026-03-02T02:04:00Z', ...overrides };
}

/** A rollout's page: its boxes in the states its counts say. */
export function detail(overrides: Partial<RolloutDetail> = {}): RolloutDetail {
  const base = rollout(overrides);
  const items: RolloutItem[] = [];
  let n = 0;
  for (const [state, count] of Object.entries(base.counts) as [RolloutItem['state'], number][]) {
    for (let i = 0; i < count; i++) {
      n += 1;
      const id = String(n).padStart(3, '0');
      items.push(item({ device_id: n, gateway_id: `GW-${id}`, batch: n > 10 ? 2 : 1, state, progress: state === 'downloading' ? 40 : 0, error: state === 'failed' ? '校验失败: SHA-256 不符' : '' }));
    }
  }
  return { ...base, items, ...('items' in overrides ? { items: overrides.items! } : {}) };
}
