import type { z } from 'zod';
import type { Row } from './types.js';

/**
 * The serializer of a resource that declares none: the item schema's keys of the row (so a column the item
 * does not show, like a password hash, never leaves), timestamps as ISO strings.
 */
export function defaultSerializer(item: z.ZodType): (row: Row) => Row {
  const shape = (item as { shape?: Record<string, unknown> }).shape;
  const keys = shape ? Object.keys(shape) : undefined;
  return (row) => {
    const out: Row = {};
    for (const key of keys ?? Object.keys(row)) {
      const value = row[key];
      out[key] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  };
}
