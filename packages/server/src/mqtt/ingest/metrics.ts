import client, { type Registry } from 'prom-client';

/** The ingest's Prometheus metrics on the server's /custom/api/metrics registry. */
export function ingestMetrics(registry: Registry) {
  const registers = [registry];
  return {
    messages: new client.Counter({ name: 'ingest_messages_total', help: 'Telemetry messages received (data/<gw>/v1)', registers }),
    points: new client.Counter({ name: 'ingest_points_total', help: 'Telemetry values of known machine tools queued for storage', registers }),
    malformed: new client.Counter({
      name: 'ingest_malformed_total',
      help: 'Telemetry messages dropped as malformed, by reason (too_large, not_json, bad_shape)',
      labelNames: ['reason'],
      registers,
    }),
    unknownMachine: new client.Counter({
      name: 'ingest_unknown_machine_total',
      help: 'Telemetry items whose device_id is no machine tool of that box (dropped)',
      registers,
    }),
    outOfRange: new client.Counter({
      name: 'ingest_out_of_range_total',
      help: 'Telemetry items with a timestamp outside the stored days: too_old (dropped), future (stored at the arrival time)',
      labelNames: ['action'],
      registers,
    }),
    refusedValues: new client.Counter({
      name: 'ingest_refused_values_total',
      help: 'Telemetry values refused for being outside their domain, by reason (out_of_range, too_long, too_deep): never stored',
      labelNames: ['reason'],
      registers,
    }),
    batchSeconds: new client.Histogram({
      name: 'ingest_batch_seconds',
      help: 'Time to store one telemetry batch (one transaction)',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    batchFailures: new client.Counter({
      name: 'ingest_batch_failures_total',
      help: 'Telemetry batch writes that failed (retried; items_lost counts readings given up on)',
      labelNames: ['outcome'],
      registers,
    }),
  };
}
export type IngestMetrics = ReturnType<typeof ingestMetrics>;
