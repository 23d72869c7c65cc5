import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import type { TelemetryPartitions } from './partitions.js';
import { storeWithRetry } from './retry.js';
import { storeBatch } from './store.js';
import type { Reading } from './types.js';

vi.mock('./store.js', () => ({ storeBatch: vi.fn() }));
const store = vi.mocked(storeBatch);

const reading = (deviceId: number): Reading => ({ machineId: deviceId * 10, category: 'fanuc', deviceId, customerId: 1, ts: new Date(), values: {} });
const partitions = { ensure: async () => undefined } as unknown as TelemetryPartitions;
const db = {} as Db;
const empty = { transitions: [], alarms: [], latest: [] };

describe('storeWithRetry', () => {
  let metrics: { batchFailures: { inc: ReturnType<typeof vi.fn> } };
  let log: { warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };
  beforeEach(() => {
    store.mockReset();
    metrics = { batchFailures: { inc: vi.fn() } };
    log = { warn: vi.fn(), error: vi.fn() };
  });

  it('retries a failed batch with backoff and stores it', async () => {
    store.mockRejectedValueOnce(new Error('deadlock detected')).mockRejectedValueOnce(new Error('deadlock detected')).mockResolvedValue(empty);
    await storeWithRetry(db, partitions, [reading(1)], metrics as never, log as never);
    expect(store).toHaveBeenCalledTimes(3);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a batch that keeps failing is stored box by box: only the failing box is lost, logged and thrown', async () => {
    // box 2's readings always fail (say its machine tool was just deleted); any batch holding them fails
    store.mockImplementation(async (_db, readings) => {
      if (readings.some((r) => r.deviceId === 2)) throw new Error('foreign key violation');
      return { ...empty, latest: readings.map((r) => ({ reading: r, values: {} })) };
    });
    await expect(storeWithRetry(db, partitions, [reading(1), reading(2), reading(3)], metrics as never, log as never)).rejects.toThrow('foreign key violation');
    expect(store.mock.calls.filter(([, rs]) => rs.length === 1 && rs[0].deviceId !== 2)).toHaveLength(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0][1]).toContain('1 条未保存');
    expect(metrics.batchFailures.inc).toHaveBeenCalledWith({ outcome: 'items_lost' }, 1);
  }, 20_000);

  it('waits out a database that cannot be reached (a restart) with the whole batch, beyond the few retries', async () => {
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const starting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    store.mockRejectedValueOnce(away).mockRejectedValueOnce(away).mockRejectedValueOnce(away).mockRejectedValueOnce(away).mockRejectedValueOnce(starting).mockResolvedValue(empty);
    await storeWithRetry(db, partitions, [reading(1), reading(2)], metrics as never, log as never);
    expect(store).toHaveBeenCalledTimes(6);
    expect(store.mock.calls.every(([, rs]) => rs.length === 2)).toBe(true);
    expect(log.error).not.toHaveBeenCalled();
  }, 20_000);
});
