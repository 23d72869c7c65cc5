import type { TelemetryItem } from '@gw/contracts';
import type { KnownBox } from './machines.js';
import type { IngestMetrics } from './metrics.js';
import { type RefusedValue, valuesObject } from './parse.js';
import { TelemetryPartitions } from './partitions.js';
import type { Reading } from './types.js';

/** How far ahead of the server's clock a box's timestamp may be before it is taken as wrong. */
const FUTURE_TOLERANCE_MS = 3_600_000;

/** A value refused on a machine tool (its code on the box). */
export type RefusedReading = RefusedValue & { code: string };

/**
 * The readings of a message's items for the machine tools known on that box, the codes not known, and the values
 * refused for their domain (left out of their reading; a reading left with nothing is no reading).
 * A timestamp ahead of the server's clock by more than an hour is replaced by the arrival time (a box with a
 * wrong clock still shows live values); one older than the retention is dropped (its day is gone already).
 */
export function readingsOf(
  box: KnownBox | null,
  items: TelemetryItem[],
  now: Date,
  retentionDays: number,
  metrics: Pick<IngestMetrics, 'outOfRange'>,
): { readings: Reading[]; unknown: string[]; refused: RefusedReading[] } {
  const readings: Reading[] = [];
  const unknown: string[] = [];
  const refused: RefusedReading[] = [];
  const oldest = TelemetryPartitions.oldestKept(now, retentionDays).getTime();
  for (const item of items) {
    const machine = box?.machines.get(item.device_id);
    if (!box || !machine) {
      unknown.push(item.device_id);
      continue;
    }
    let ts = item.ts;
    if (ts > now.getTime() + FUTURE_TOLERANCE_MS) {
      metrics.outOfRange.inc({ action: 'future' });
      ts = now.getTime();
    } else if (ts < oldest) {
      metrics.outOfRange.inc({ action: 'too_old' });
      continue;
    }
    const read = valuesObject(item.values);
    for (const r of read.refused) refused.push({ ...r, code: item.device_id });
    if (read.refused.length && !Object.keys(read.values).length) continue;
    readings.push({ machineId: machine.id, category: machine.category, deviceId: box.deviceId, customerId: box.customerId, ts: new Date(ts), values: read.values });
  }
  return { readings, unknown, refused };
}
