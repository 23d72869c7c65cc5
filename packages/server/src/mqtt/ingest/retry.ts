import type { Db } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import type { IngestLog } from './types.js';
import type { IngestMetrics } from './metrics.js';
import { type TelemetryPartitions, daysOf } from './partitions.js';
import { storeBatch } from './store.js';
import type { BatchOutcome, Reading } from './types.js';

/** Waits before the 2nd, 3rd and 4th attempt of a failed batch. */
const BACKOFF_MS = [100, 500, 2000];
/**
 * How long a batch waits out a database that cannot be reached (a restart, a crash's recovery, a failover), trying
 * again every OUTAGE_RETRY_MS: the boxes' publishes are acknowledged only once stored, so they wait with it
 * instead of being acknowledged and lost after the few retries above.
 */
const OUTAGE_MS = 60_000;
const OUTAGE_RETRY_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stores a batch, retrying with backoff. When it still fails and holds several boxes, each box's readings are
 * stored on their own, so one box's bad data does not cost the others theirs; what fails for good is logged,
 * counted and thrown (the box's publish is then not taken as stored).
 */
export async function storeWithRetry(
  db: Db,
  partitions: TelemetryPartitions,
  readings: Reading[],
  metrics: Pick<IngestMetrics, 'batchFailures'>,
  log: IngestLog,
): Promise<BatchOutcome> {
  try {
    return await attempts(db, partitions, readings, metrics);
  } catch (err) {
    const boxes = [...new Set(readings.map((r) => r.deviceId))];
    // box by box only helps against one box's bad data, not against a database that is away
    if (boxes.length > 1 && !isDatabaseUnavailable(err)) {
      const outcome: BatchOutcome = { transitions: [], alarms: [], latest: [] };
      let failure: Error | null = null;
      for (const deviceId of boxes) {
        try {
          const part = await attempts(db, partitions, readings.filter((r) => r.deviceId === deviceId), metrics);
          outcome.transitions.push(...part.transitions);
          outcome.alarms.push(...part.alarms);
          outcome.latest.push(...part.latest);
        } catch (boxErr) {
          failure = boxErr instanceof Error ? boxErr : new Error(String(boxErr));
          lost(readings.filter((r) => r.deviceId === deviceId), boxErr);
        }
      }
      if (failure) throw failure;
      return outcome;
    }
    lost(readings, err);
    throw err;
  }

  function lost(group: Reading[], err: unknown) {
    metrics.batchFailures.inc({ outcome: 'items_lost' }, group.length);
    log.error({ err, readings: group.length, device_ids: [...new Set(group.map((r) => r.deviceId))] }, `遥测数据写入失败(已重试 ${BACKOFF_MS.length} 次),${group.length} 条未保存`);
  }
}

async function attempts(db: Db, partitions: TelemetryPartitions, readings: Reading[], metrics: Pick<IngestMetrics, 'batchFailures'>): Promise<BatchOutcome> {
  let outageSince = 0;
  for (let retries = 0; ; ) {
    try {
      await partitions.ensure(daysOf(readings.map((r) => r.ts)));
      return await storeBatch(db, readings);
    } catch (err) {
      metrics.batchFailures.inc({ outcome: 'retried' });
      if (isDatabaseUnavailable(err)) {
        outageSince ||= Date.now();
        if (Date.now() - outageSince < OUTAGE_MS) {
          await sleep(OUTAGE_RETRY_MS);
          continue;
        }
      }
      if (retries >= BACKOFF_MS.length) throw err;
      await sleep(BACKOFF_MS[retries++]);
    }
  }
}
