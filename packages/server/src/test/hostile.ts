/**
 * Hostile inputs derived from the app's own OpenAPI document: for every operation a bounded set of requests
 * that a careless or malicious client could send. The test that uses them asserts none ends in a 5xx.
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  nullable?: boolean;
  default?: unknown;
};

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

/** What part of a request a hostile case attacks, for the counts per category. */
export type HostileCategory = 'path' | 'query' | 'field' | 'missing' | 'unknown' | 'nesting' | 'json' | 'content-type' | 'multipart';

export interface HostileRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** What the request tries, for the failure report. */
  what: string;
  category: HostileCategory;
}

/**
 * The longer mode (benchmarks): `cases` more values per path parameter, query parameter and body field, drawn
 * from a PRNG seeded with `seed` so a failing run can be repeated exactly.
 */
export interface LongMode {
  seed: number;
  cases: number;
}

/** Names that pick a key of any plain object: a lookup by them must be a miss, never a prototype. */
export const PROTO_NAMES = ['__proto__', '-__proto__', 'constructor', '-constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];

const HUGE = 'x'.repeat(20_000);
const QUERY_VALUES = [...PROTO_NAMES, '', '-1', '0', '1.5', '1e999', 'NaN', '9999999999999999999999', '2024-02-30', 'true', '\u0000', "'; drop table x; --", HUGE];
const ID_VALUES = ['0', '-1', '1.5', 'abc', '__proto__', 'constructor', '99999999999999999999', '1e3', '%00', '%20%201', 'x'.repeat(2000)];
const FIELD_VALUES: unknown[] = [
  null, 0, -1, 1.5, 2 ** 31, 1e308, true, '', ' ', '\u0000', HUGE, '__proto__', 'constructor', [], ['__proto__'], [null], {}, { __proto__: 1 },
];

/** A value the schema accepts, as far as a simple walk can tell: the start that one bad field is put into. */
export function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return 'a1';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1);
    case 'boolean':
      return true;
    default:
      return 'a1'.padEnd(Math.max(2, schema.minLength ?? 0), 'b');
  }
}

const BROKEN_JSON = ['{"a":', '{', '[]', 'null', '"text"', '1', '{"a":1}}', '\u0000', '[' .repeat(5000) + ']'.repeat(5000)];
const PROTO_BODIES = ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'];
const BOUNDARY = 'hostileBoundary7MA4YWxkTrZu0gW';

/** Multipart bodies that are not what their header says: cut short, another boundary, no boundary at all. */
export function brokenMultipart(): { what: string; headers: Record<string, string>; payload: Buffer }[] {
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const whole = `${part}PK\u0003\u0004 some bytes\r\n--${BOUNDARY}--\r\n`;
  const typeOf = (b = BOUNDARY) => ({ 'content-type': `multipart/form-data; boundary=${b}` });
  return [
    { what: 'cut off before the closing boundary', headers: typeOf(), payload: Buffer.from(`${part}PK\u0003\u0004 partial bytes`) },
    { what: 'cut off inside the part headers', headers: typeOf(), payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`) },
    { what: 'a boundary that does not match the header', headers: typeOf('otherBoundary'), payload: Buffer.from(whole) },
    { what: 'multipart/form-data without a boundary', headers: { 'content-type': 'multipart/form-data' }, payload: Buffer.from(whole) },
    { what: 'an empty multipart body', headers: typeOf(), payload: Buffer.alloc(0) },
    { what: 'a file field named __proto__', headers: typeOf(), payload: Buffer.from(whole.replace('name="file"', 'name="__proto__"')) },
    { what: 'a part without a name', headers: typeOf(), payload: Buffer.from(whole.replace('name="file"; ', '')) },
  ];
}

const enc = encodeURIComponent;
const UNUSED_ID = 2_000_000_000;

/** The hostile requests for one operation of the document; with `long`, many more of them (see LongMode). */
export function hostileRequests(op: Operation, long?: LongMode): HostileRequest[] {
  const out: HostileRequest[] = [];
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  // a well-formed id of no row, so the walk never edits or deletes the super user it is logged in as
  const fill = (values: Record<string, string> = {}) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(UNUSED_ID));
  const base = fill();

  for (const name of pathParams) {
    for (const value of ID_VALUES) out.push({ method: op.method, url: fill({ [name]: value }), what: `path ${name}=${value.slice(0, 30)}`, category: 'path' });
  }

  for (const p of (op.parameters ?? []).filter((q) => q.in === 'query')) {
    for (const value of QUERY_VALUES) out.push({ method: op.method, url: `${base}?${p.name}=${enc(value)}`, what: `query ${p.name}=${value.slice(0, 30)}`, category: 'query' });
    out.push({ method: op.method, url: `${base}?${p.name}=1&${p.name}=2`, what: `query ${p.name} repeated`, category: 'query' });
    out.push({ method: op.method, url: `${base}?${p.name}[a]=1&${p.name}[]=2`, what: `query ${p.name} as brackets`, category: 'query' });
  }
  out.push({ method: op.method, url: `${base}?__proto__[x]=1&constructor[prototype][x]=1`, what: 'query prototype keys', category: 'query' });

  const content = op.requestBody?.content ?? {};
  if (content['application/json']) {
    const schema = content['application/json'].schema;
    const sample = sampleOf(schema);
    const json = (category: HostileCategory, what: string, payload: string, type = 'application/json') =>
      out.push({ method: op.method, url: base, what, headers: { 'content-type': type }, payload, category });
    for (const [field] of Object.entries(schema?.properties ?? {})) {
      for (const value of FIELD_VALUES) {
        const body = { ...(sample as Record<string, unknown>), [field]: value };
        json('field', `body ${field}=${JSON.stringify(value).slice(0, 30)}`, JSON.stringify(body));
      }
    }
    for (const text of [...BROKEN_JSON, ...PROTO_BODIES]) json('json', `body ${text.slice(0, 30)}`, text);
    json('content-type', 'text/plain body', JSON.stringify(sample), 'text/plain');
    json('content-type', 'xml body', '<?xml version="1.0"?><a>1</a>', 'application/xml');
    json('content-type', 'form body', 'a=1&__proto__=2', 'application/x-www-form-urlencoded');
    if (long) out.push(...longBodies(op, schema, sample, long));
  }
  if (content['multipart/form-data']) {
    for (const m of brokenMultipart()) out.push({ method: op.method, url: base, what: `multipart: ${m.what}`, headers: m.headers, payload: m.payload, category: 'multipart' });
  }
  if (long) out.push(...longUrls(op, pathParams, fill, base, long));
  return out;
}

/** Every operation of an OpenAPI document under `prefix`. */
export function operationsOf(doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }, prefix: string): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [method, op] of Object.entries(methods)) ops.push({ ...op, method: method.toUpperCase(), path });
  }
  return ops;
}

type Rand = () => number;

/** A small seeded PRNG (mulberry32): the same seed gives the same cases on every run. */
function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One PRNG per operation, so adding a route does not change the cases of the others. */
function randFor(op: Operation, long: LongMode): Rand {
  let h = long.seed >>> 0;
  for (const c of `${op.method} ${op.path}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return seeded(h);
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate, which encodeURIComponent refuses, goes as U+FFFD). */
const encBytes = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[\w.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`)).join('');

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const upTo = (rand: Rand, n: number) => 1 + Math.floor(rand() * n);

/** Code points a text column or a regex may trip on: NUL, controls, bidi and zero-width marks, emoji, CJK. */
const ODD_CHARS = ['\u0000', '\u0001', '\u001f', '\u007f', '\u202e', '\u200b', '\ufeff', '\ud83d\ude00', '\ud800', '\udfff', '中', '\u0301', '\\', '"', "'", '%', '_', '\n', '\r'];

function oddString(rand: Rand): string {
  const length = pick(rand, [1, 8, 64, 1000, 70_000]);
  let s = '';
  while (s.length < length) s += rand() < 0.5 ? pick(rand, ODD_CHARS) : String.fromCharCode(32 + Math.floor(rand() * 95));
  return s;
}

/** Nested arrays or objects `depth` deep, as JSON text (built as text: a value this deep would overflow stringify). */
function nestedJson(rand: Rand, depth: number): string {
  return rand() < 0.5 ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const HUGE_NUMBERS = ['1e308', '-1e308', '9007199254740993', '-9223372036854775809', '1e-320', '-0', '0.1e1', '123456789012345678901234567890'];
const ODD_DATES = ['2024-13-45', '0000-00-00', '9999-12-31T99:99:99Z', '-271821-04-19', '2024-02-29T24:00:00', '1970-01-01T00:00:00+99:00'];

/** A wrong value for any field, as JSON text. */
function wrongValueJson(rand: Rand): string {
  switch (Math.floor(rand() * 9)) {
    case 0:
      return pick(rand, HUGE_NUMBERS);
    case 1:
      return JSON.stringify(oddString(rand));
    case 2:
      return nestedJson(rand, pick(rand, [20, 200, 2000]));
    case 3:
      return `[${Array.from({ length: pick(rand, [100, 5000, 50_000]) }, () => pick(rand, ['1', '"a"', 'null', '{}'])).join(',')}]`;
    case 4:
      return JSON.stringify(Object.fromEntries(Array.from({ length: pick(rand, [50, 2000]) }, (_, i) => [`k${i}`, i])));
    case 5:
      return JSON.stringify(pick(rand, ODD_DATES));
    case 6:
      return pick(rand, ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '["__proto__"]', '{"toString":1}']);
    case 7:
      return JSON.stringify('9'.repeat(upTo(rand, 400)));
    default:
      return pick(rand, ['null', 'true', 'false', '0', '-1', '1.5', '""', '[]', '{}', '" "']);
  }
}

/** JSON text of the sample with `field` set to raw JSON text `value` (or left out when value is undefined). */
function bodyWith(sample: Record<string, unknown>, field: string, value: string | undefined): string {
  const rest = Object.entries(sample).filter(([k]) => k !== field).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${[...rest, ...(value === undefined ? [] : [`${JSON.stringify(field)}:${value}`])].join(',')}}`;
}

/** The long mode's bodies: every field × `cases` wrong values, one level down too, missing and unknown fields, deep bodies. */
function longBodies(op: Operation, schema: Schema | undefined, sample: unknown, long: LongMode): HostileRequest[] {
  const rand = randFor(op, { ...long, seed: long.seed + 1 });
  const out: HostileRequest[] = [];
  const push = (category: HostileCategory, what: string, payload: string) =>
    out.push({ method: op.method, url: op.path.replace(/\{\w+\}/g, String(UNUSED_ID)), what, headers: { 'content-type': 'application/json' }, payload, category });
  const base = (sample ?? {}) as Record<string, unknown>;
  const fields = Object.entries(schema?.properties ?? {});
  for (const [field, fieldSchema] of fields) {
    for (let i = 0; i < long.cases; i++) {
      const value = wrongValueJson(rand);
      push('field', `body ${field}=${value.slice(0, 30)}`, bodyWith(base, field, value));
    }
    // one level down: the same field's own fields (a filter object, a config item)
    const inner = Object.keys(fieldSchema.properties ?? fieldSchema.items?.properties ?? {});
    for (const sub of inner) {
      for (let i = 0; i < Math.ceil(long.cases / 4); i++) {
        const value = wrongValueJson(rand);
        const object = `{${JSON.stringify(sub)}:${value}}`;
        push('field', `body ${field}.${sub}=${value.slice(0, 30)}`, bodyWith(base, field, fieldSchema.items ? `[${object}]` : object));
      }
    }
    push('missing', `body without ${field}`, bodyWith(base, field, undefined));
  }
  push('missing', 'empty object body', '{}');
  for (let i = 0; i < Math.ceil(long.cases / 4); i++) {
    const key = pick(rand, ['__proto__', 'constructor', 'id', 'customer_id', 'created_at', oddString(rand).slice(0, 200), `x${i}`]);
    push('unknown', `unknown field ${key.slice(0, 30)}`, bodyWith(base, key, wrongValueJson(rand)));
  }
  for (const depth of [100, 1000, 10_000]) {
    push('nesting', `body nested ${depth} deep`, nestedJson(rand, depth));
    if (fields.length) push('nesting', `field ${fields[0][0]} nested ${depth} deep`, bodyWith(base, fields[0][0], nestedJson(rand, depth)));
  }
  return out;
}

const ODD_PATH_VALUES = ['..', '%2e%2e', '%2F', '%2e', '-0', '0x10', '1%20', '%201', '1;2', '1,2', '1.0', '+1', '1e1', '%E4%B8%AD', '%F0%9F%98%80', '%C0%AF', '%FF', '00000000000000000001', '-9223372036854775809', '2147483648', '9007199254740993'];

/** The long mode's URLs: odd path parameters, `cases` random values per query parameter, repeated and many parameters. */
function longUrls(op: Operation, pathParams: string[], fill: (values: Record<string, string>) => string, base: string, long: LongMode): HostileRequest[] {
  const rand = randFor(op, { ...long, seed: long.seed + 2 });
  const out: HostileRequest[] = [];
  for (const name of pathParams) {
    for (const value of ODD_PATH_VALUES) out.push({ method: op.method, url: fill({ [name]: value }), what: `path ${name}=${value}`, category: 'path' });
    for (let i = 0; i < long.cases; i++) {
      const value = encBytes(oddString(rand).slice(0, 90));
      out.push({ method: op.method, url: fill({ [name]: value }), what: `path ${name}=${value.slice(0, 30)}`, category: 'path' });
    }
  }
  for (const p of (op.parameters ?? []).filter((q) => q.in === 'query')) {
    for (let i = 0; i < long.cases; i++) {
      const value = rand() < 0.7 ? oddString(rand).slice(0, 5000) : pick(rand, [...HUGE_NUMBERS, ...ODD_DATES]);
      out.push({ method: op.method, url: `${base}?${p.name}=${encBytes(value)}`, what: `query ${p.name}=${value.slice(0, 30)}`, category: 'query' });
    }
    out.push({ method: op.method, url: `${base}?${Array.from({ length: 200 }, (_, i) => `${p.name}=${i}`).join('&')}`, what: `query ${p.name} ×200`, category: 'query' });
    out.push({ method: op.method, url: `${base}?${p.name}=${enc(nestedJson(rand, 500))}`, what: `query ${p.name} as deep JSON`, category: 'query' });
  }
  out.push({ method: op.method, url: `${base}?${Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&')}`, what: '1000 unknown query parameters', category: 'query' });
  return out;
}
