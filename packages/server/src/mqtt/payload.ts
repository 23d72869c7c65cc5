import type { z } from 'zod';

/** Why a box's payload was dropped: the `reason` label of the malformed-message counters. */
export type MalformedReason = 'too_large' | 'not_json' | 'bad_shape';

/** A box's JSON payload read against its schema (at most `maxBytes`), or why it is malformed. */
export function parsePayload<T>(payload: Buffer, maxBytes: number, schema: z.ZodType<T>): { value: T } | { malformed: MalformedReason } {
  if (payload.length > maxBytes) return { malformed: 'too_large' };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { malformed: 'not_json' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { malformed: 'bad_shape' };
}
