import { type CncValueFault, type TelemetryItem, cncValueFault, telemetryMessageSchema } from '@gw/contracts';
import { type Malformed, parsePayload } from '../payload.js';

export type { Malformed, MalformedReason } from '../payload.js';

/** The largest payload read (a box sends ≤ 100 machines × 200 values; more is a broken or hostile box). */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/** The items of a `data/<gw>/v1` payload, or why it is malformed. */
export function parseTelemetry(payload: Buffer): { items: TelemetryItem[] } | Malformed {
  const read = parsePayload(payload, MAX_PAYLOAD_BYTES, telemetryMessageSchema, plainTelemetry);
  return 'value' in read ? { items: read.value } : read;
}

const shortText = (v: unknown, min: number, max: number): boolean => typeof v === 'string' && v.length >= min && v.length <= max;

/**
 * True for a message `telemetryMessageSchema` accepts as it is, without its keys the schema would strip: the
 * shape every box sends, checked without the schema's copies (the hot path of the ingest). Anything else — an
 * extra key, a missing one — answers false and goes to the schema.
 */
export function plainTelemetry(json: unknown): json is TelemetryItem[] {
  if (!Array.isArray(json) || json.length < 1 || json.length > 100) return false;
  for (const item of json as unknown[]) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return false;
    const { device_id, ts, device_type, values } = item as Record<string, unknown>;
    let keys = 3;
    if (!shortText(device_id, 1, 64) || typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0) return false;
    if (device_type !== undefined) {
      if (!shortText(device_type, 0, 32)) return false;
      keys++;
    } else if ('device_type' in item) return false;
    if (!Array.isArray(values) || values.length > 200 || Object.keys(item).length !== keys) return false;
    for (const v of values as unknown[]) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
      const entry = v as Record<string, unknown>;
      if (!shortText(entry.name, 1, 64) || !('value' in entry) || Object.keys(entry).length !== 2) return false;
    }
  }
  return true;
}

/** A value refused for being outside its domain: its name and why. */
export interface RefusedValue {
  name: string;
  fault: CncValueFault;
}

/**
 * `[{name, value}]` as an object (a later duplicate name wins), without the values outside their domain
 * (cncValueFault): those are listed in `refused`, and nothing of them is stored or counted.
 */
export function valuesObject(values: TelemetryItem['values']): { values: Record<string, unknown>; refused: RefusedValue[] } {
  const out: Record<string, unknown> = {};
  const refused: RefusedValue[] = [];
  for (const { name, value } of values) {
    const fault = cncValueFault(name, value ?? null);
    if (fault) refused.push({ name, fault });
    else out[storable(name) as string] = storable(value ?? null);
  }
  return { values: out, refused };
}

/** A string that may hold either (most hold neither and are kept as they are). */
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value PostgreSQL's jsonb accepts: strings without NUL and without lone surrogates (either would fail the
 * whole batch), nested arrays and objects cleaned alike.
 */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return SUSPECT.test(value) ? value.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD') : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.length ? value.map(storable) : value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
}
