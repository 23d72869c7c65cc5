import type { Registry } from 'prom-client';
import { CNC_FAULT_TITLES } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import type { BoxLink, BoxMessage } from '../link.js';
import { Batcher } from './batcher.js';
import { MachineDirectory } from './machines.js';
import { ingestMetrics } from './metrics.js';
import { parseTelemetry } from './parse.js';
import { TelemetryPartitions } from './partitions.js';
import { RealtimeThrottle, publishOutcome } from './publish.js';
import { type RefusedReading, readingsOf } from './readings.js';
import { Rejections } from './rejections.js';
import { storeWithRetry } from './retry.js';
import type { IngestLog, Reading } from './types.js';

export type { IngestLog } from './types.js';

/** How often partitions ahead and retention are checked (both are idempotent; daily work, hourly checks). */
const MAINTENANCE_MS = 3_600_000;

/**
 * Telemetry ingest of `data/<gw>/v1`: each message parsed and mapped to machine tools, queued, and stored in
 * batches (history, latest values, state and alarm periods); the handler resolves only once its batch is
 * committed, so a link that acknowledges after its handler acknowledges only what is stored. (Aedes 1.2 writes a
 * QoS 1 PUBACK before its in-process subscribers run: the embedded link does not give that guarantee yet.)
 * Then the console hears of state changes, alarms and (at most once a second per machine) the latest values.
 * What cannot be read, and values outside their domain, are acknowledged too but recorded as the box's last
 * rejection (Rejections): never stored, never silent.
 */
export async function startIngest(link: BoxLink, deps: CoreDeps, registry: Registry, log: IngestLog = consoleLog): Promise<{ stop(): Promise<void> }> {
  const { db, config, clock } = deps;
  const metrics = ingestMetrics(registry);
  const directory = new MachineDirectory(db);
  const partitions = new TelemetryPartitions(db);
  const realtime = new RealtimeThrottle(deps.live);
  const unknownSeen = new Set<string>();
  const rejections = new Rejections(db, clock, log);

  const maintain = async () => {
    try {
      await partitions.ensureAhead(clock.now());
      await partitions.dropOlderThan(clock.now(), config.telemetryRetentionDays);
    } catch (err) {
      log.error({ err }, '遥测分区维护失败');
    }
  };
  await maintain();
  const maintenance = setInterval(() => void maintain(), MAINTENANCE_MS);
  maintenance.unref();

  // several batches in flight, each box always on the same writer: a box's readings stay in order, and no two
  // writers move one machine (each waits on the database, not on the others)
  const writers = Array.from(
    { length: config.ingestWriters },
    () =>
      new Batcher<Reading>(
        async (readings) => {
          const end = metrics.batchSeconds.startTimer();
          const outcome = await storeWithRetry(db, partitions, readings, metrics, log).catch((err: unknown) => {
            directory.clear();
            throw err;
          });
          end();
          publishOutcome(deps.live, outcome, realtime);
        },
        config.ingestBatchMs,
        config.ingestBatchMax,
      ),
  );

  link.onMessage('data', async (message: BoxMessage) => {
    metrics.messages.inc();
    const parsed = parseTelemetry(message.payload);
    if ('malformed' in parsed) {
      metrics.malformed.inc({ reason: parsed.malformed });
      rejections.record(message.gatewayId, parsed.detail, message.payload);
      return;
    }
    const box = await directory.lookup(message.gatewayId, parsed.items.map((i) => i.device_id));
    const { readings, unknown, refused } = readingsOf(box, parsed.items, clock.now(), config.telemetryRetentionDays, metrics);
    if (refused.length) {
      for (const r of refused) metrics.refusedValues.inc({ reason: r.fault.reason });
      // the message's first refused value is its rejection; the rest of it is stored
      rejections.record(message.gatewayId, refusalText(refused[0]), message.payload, { device_id: refused[0].code, value_name: refused[0].name });
    }
    for (const code of unknown) {
      metrics.unknownMachine.inc();
      const key = `${message.gatewayId}\u0000${code}`;
      if (unknownSeen.has(key)) continue;
      if (unknownSeen.size > 100_000) unknownSeen.clear();
      unknownSeen.add(key);
      log.warn({ gateway_id: message.gatewayId, device_id: code }, `网关 ${message.gatewayId} 上报了未登记的机床编号 ${code}(后续不再记录)`);
    }
    for (const r of readings) metrics.points.inc(Object.keys(r.values).length);
    if (box) await writers[box.deviceId % writers.length].add(readings);
  });

  return {
    async stop() {
      clearInterval(maintenance);
      await Promise.all(writers.map((w) => w.drain()));
      await rejections.stop();
      realtime.stop();
    },
  };
}

/** A refused value as a person reads it: 数值超出范围: 机床 M1 的 cnc_products = -1,应为 0 至 2147483647 的整数. */
const refusalText = ({ code, fault }: RefusedReading) => `${CNC_FAULT_TITLES[fault.reason]}: 机床 ${code} 的 ${fault.text}`;

const consoleLog: IngestLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
