import type { FastifyInstance } from 'fastify';

/** No JSON body is taken above this, whatever its schema allows (the whole server's limit before it was per route). */
export const BODY_CEILING_BYTES = 2 * 1024 * 1024;

/** The JSON text of a number at its longest: -1.7976931348623157e+308. */
const NUMBER_BYTES = 24;
/** A character at its longest in JSON text: escaped as \uXXXX. */
const CHAR_BYTES = 6;
/** Schemas nested deeper than this are taken as unbounded (a recursive schema). */
const MAX_DEPTH = 32;

interface ZodLike {
  _zod: { def: { type: string; checks?: ZodLike[]; [key: string]: unknown } };
}

const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && typeof (value as ZodLike)._zod?.def?.type === 'string';

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? 'null');

/** A string's or an array's largest length by its `.max()` / `.length()` checks; Infinity without one. */
function maxLengthOf(schema: ZodLike): number {
  let max = Infinity;
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check?: string; maximum?: unknown; length?: unknown };
    const bound = def.check === 'max_length' ? def.maximum : def.check === 'length_equals' ? def.length : undefined;
    if (typeof bound === 'number') max = Math.min(max, bound);
  }
  return max;
}

/**
 * The longest JSON text a zod schema accepts, in bytes (compact, every character escaped). A part with no
 * largest length (a string or array without `.max()`, a record, any value) counts as `open` bytes: Infinity by
 * default, so the answer says whether the whole is bounded; 0 measures only the bounded parts.
 */
export function largestJson(schema: unknown, open = Infinity, depth = 0): number {
  if (!isZod(schema) || depth > MAX_DEPTH) return open;
  const def = schema._zod.def;
  const inner = (s: unknown) => largestJson(s, open, depth + 1);
  const bounded = (length: number, each: number) => (Number.isFinite(length) ? 2 + length * each : open);
  switch (def.type) {
    case 'string':
      return bounded(maxLengthOf(schema), CHAR_BYTES);
    case 'number':
    case 'bigint':
      return NUMBER_BYTES;
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'void':
      return 5;
    case 'literal':
      return Math.max(...(def.values as unknown[]).map(jsonBytes));
    case 'enum':
      return Math.max(...Object.values(def.entries as Record<string, unknown>).map(jsonBytes));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return Math.max(4, inner(def.innerType));
    case 'pipe':
      return inner(def.in);
    case 'union':
      return Math.max(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return inner(def.left) + inner(def.right);
    case 'array':
      return bounded(maxLengthOf(schema), inner(def.element) + 1);
    case 'tuple':
      return (def.rest ? open : 2) + (def.items as unknown[]).reduce<number>((sum, item) => sum + inner(item) + 1, 0);
    case 'object':
      return 2 + Object.entries(def.shape as Record<string, unknown>).reduce((sum, [key, value]) => sum + jsonBytes(key) + 2 + inner(value), 0);
    default:
      return open;
  }
}

/**
 * The body limit of a route that declares none: what its body schema can hold (a long changelog, a rollout's id
 * list), at least `defaultBytes` and at most BODY_CEILING_BYTES. The parts of a schema without a largest length
 * (a string checked only by a pattern, a route without a body schema) share `defaultBytes` on top of the bounded
 * parts; a route that truly needs more declares Fastify's own `bodyLimit`. Multipart bodies are streamed past the
 * JSON parser and keep their own limits (UPLOAD_MAX_MB, FIRMWARE_MAX_MB).
 */
export function bodyLimitFor(bodySchema: unknown, defaultBytes: number): number {
  const open = !Number.isFinite(largestJson(bodySchema));
  const need = largestJson(bodySchema, 0) + (open ? defaultBytes : 0);
  return Math.min(Math.max(defaultBytes, BODY_CEILING_BYTES), Math.max(defaultBytes, Math.ceil(need)));
}

/** Gives every route registered after it its body limit (bodyLimitFor); a body over it is answered 413. */
export function registerBodyLimits(app: FastifyInstance, defaultBytes: number): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimitFor(route.schema?.body, defaultBytes);
  });
}
