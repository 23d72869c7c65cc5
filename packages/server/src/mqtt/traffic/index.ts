import client, { type Registry } from 'prom-client';
import { boxTrafficSchema } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import type { IngestLog } from '../ingest/index.js';
import type { BoxLink, BoxMessage } from '../link.js';
import { type MalformedReason, parsePayload } from '../payload.js';
import { KeyedQueue } from '../presence/keyed-queue.js';
import { type TrafficReport, countTraffic } from './count.js';

/** A traffic report is three numbers; anything much longer is a broken or hostile box. */
const MAX_PAYLOAD_BYTES = 4096;

export type TrafficMalformed = MalformedReason;

/** The report in a `traffic/<gw>/v1` payload, or why it is dropped. */
export function parseTraffic(gatewayId: string, payload: Buffer): TrafficReport | { malformed: TrafficMalformed } {
  const parsed = parsePayload(payload, MAX_PAYLOAD_BYTES, boxTrafficSchema);
  if ('malformed' in parsed) return parsed;
  const { ts, rx, tx } = parsed.value;
  // counters past 2^53 lose bytes in JSON already: such a box is broken, not busy
  if (![ts, rx, tx].every((n) => n <= Number.MAX_SAFE_INTEGER)) return { malformed: 'bad_shape' };
  return { gatewayId, ts, rx: Math.floor(rx), tx: Math.floor(tx) };
}

function trafficMetrics(registry: Registry) {
  const registers = [registry];
  return {
    messages: new client.Counter({ name: 'traffic_messages_total', help: 'Byte counter reports received (traffic/<gw>/v1)', registers }),
    malformed: new client.Counter({
      name: 'traffic_malformed_total',
      help: 'Byte counter reports dropped as malformed, by reason (too_large, not_json, bad_shape)',
      labelNames: ['reason'],
      registers,
    }),
    ignored: new client.Counter({
      name: 'traffic_ignored_total',
      help: 'Byte counter reports not counted: unknown_box (no such gateway), stale (older than the counters kept)',
      labelNames: ['reason'],
      registers,
    }),
  };
}

/**
 * 设备流量's ingest of `traffic/<gw>/v1`: each report adds the difference from the box's last counters to its
 * platform-zone day (countTraffic), one box's reports one after another on this node (the first two of a box must
 * not both find no counters). A malformed report is counted and dropped, a failed write logged; `stop` waits
 * for the writes queued, so none runs into a closed database.
 */
export function startTraffic(link: BoxLink, deps: CoreDeps, registry: Registry, log: IngestLog): { stop: () => Promise<void> } {
  const metrics = trafficMetrics(registry);
  const queue = new KeyedQueue((err, gatewayId) => log.error({ err, gateway_id: gatewayId }, '记录网关流量失败'));
  const unknownSeen = new Set<string>();

  const count = async (report: TrafficReport, now: Date) => {
    const outcome = await countTraffic(deps.db, report, now);
    if (outcome === 'counted') return;
    metrics.ignored.inc({ reason: outcome });
    if (outcome === 'unknown_box' && !unknownSeen.has(report.gatewayId)) {
      if (unknownSeen.size > 10_000) unknownSeen.clear();
      unknownSeen.add(report.gatewayId);
      log.warn({ gateway_id: report.gatewayId }, `未登记的网关 ${report.gatewayId} 上报了流量(后续不再记录)`);
    }
  };

  link.onMessage('traffic', (message: BoxMessage) => {
    metrics.messages.inc();
    const report = parseTraffic(message.gatewayId, message.payload);
    if ('malformed' in report) {
      metrics.malformed.inc({ reason: report.malformed });
      return Promise.resolve();
    }
    const now = deps.clock.now();
    return queue.run(message.gatewayId, () => count(report, now));
  });

  return { stop: () => queue.close() };
}
