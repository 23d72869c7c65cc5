import { type TelemetryItem, telemetryMessageSchema } from '@gw/contracts';
import { type MalformedReason, parsePayload } from '../payload.js';

export type { MalformedReason } from '../payload.js';

/** The largest payload read (a box sends ≤ 100 machines × 200 values; more is a broken or hostile box). */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/** The items of a `data/<gw>/v1` payload, or why it is malformed. */
export function parseTelemetry(payload: Buffer): { items: TelemetryItem[] } | { malformed: MalformedReason } {
  const read = parsePayload(payload, MAX_PAYLOAD_BYTES, telemetryMessageSchema);
  return 'value' in read ? { items: read.value } : read;
}

/** `[{name, value}]` as an object; a later duplicate name wins. */
export function valuesObject(values: TelemetryItem['values']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, value } of values) out[storable(name) as string] = storable(value ?? null);
  return out;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value PostgreSQL's jsonb accepts: strings without NUL and without lone surrogates (either would fail the
 * whole batch), nested arrays and objects cleaned alike.
 */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
  return value;
}
