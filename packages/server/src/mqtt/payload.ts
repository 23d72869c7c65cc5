import type { z } from 'zod';

/** Why a box's payload was dropped: the `reason` label of the malformed-message counters. */
export type MalformedReason = 'too_large' | 'not_json' | 'bad_shape';

/**
 * A box's JSON payload read against its schema (at most `maxBytes`), or why it is malformed. `plain`, when given,
 * takes what it can tell the schema accepts unchanged without the schema's checks and copies (a hot path's
 * common shape); whatever it does not take goes to the schema.
 */
export function parsePayload<T>(
  payload: Buffer,
  maxBytes: number,
  schema: z.ZodType<T>,
  plain?: (json: unknown) => json is T,
): { value: T } | { malformed: MalformedReason } {
  if (payload.length > maxBytes) return { malformed: 'too_large' };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { malformed: 'not_json' };
  }
  if (plain?.(json)) return { value: json };
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { malformed: 'bad_shape' };
}
