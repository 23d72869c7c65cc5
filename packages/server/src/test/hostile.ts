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

export interface HostileRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** What the request tries, for the failure report. */
  what: string;
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

/** The hostile requests for one operation of the document. */
export function hostileRequests(op: Operation): HostileRequest[] {
  const out: HostileRequest[] = [];
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  // a well-formed id of no row, so the walk never edits or deletes the super user it is logged in as
  const fill = (values: Record<string, string> = {}) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(UNUSED_ID));
  const base = fill();

  for (const name of pathParams) {
    for (const value of ID_VALUES) out.push({ method: op.method, url: fill({ [name]: value }), what: `path ${name}=${value.slice(0, 30)}` });
  }

  for (const p of (op.parameters ?? []).filter((q) => q.in === 'query')) {
    for (const value of QUERY_VALUES) out.push({ method: op.method, url: `${base}?${p.name}=${enc(value)}`, what: `query ${p.name}=${value.slice(0, 30)}` });
    out.push({ method: op.method, url: `${base}?${p.name}=1&${p.name}=2`, what: `query ${p.name} repeated` });
    out.push({ method: op.method, url: `${base}?${p.name}[a]=1&${p.name}[]=2`, what: `query ${p.name} as brackets` });
  }
  out.push({ method: op.method, url: `${base}?__proto__[x]=1&constructor[prototype][x]=1`, what: 'query prototype keys' });

  const content = op.requestBody?.content ?? {};
  if (content['application/json']) {
    const schema = content['application/json'].schema;
    const sample = sampleOf(schema);
    const json = (what: string, payload: string, type = 'application/json') =>
      out.push({ method: op.method, url: base, what, headers: { 'content-type': type }, payload });
    for (const [field] of Object.entries(schema?.properties ?? {})) {
      for (const value of FIELD_VALUES) {
        const body = { ...(sample as Record<string, unknown>), [field]: value };
        json(`body ${field}=${JSON.stringify(value).slice(0, 30)}`, JSON.stringify(body));
      }
    }
    for (const text of [...BROKEN_JSON, ...PROTO_BODIES]) json(`body ${text.slice(0, 30)}`, text);
    json('text/plain body', JSON.stringify(sample), 'text/plain');
    json('xml body', '<?xml version="1.0"?><a>1</a>', 'application/xml');
    json('form body', 'a=1&__proto__=2', 'application/x-www-form-urlencoded');
  }
  if (content['multipart/form-data']) {
    for (const m of brokenMultipart()) out.push({ method: op.method, url: base, what: `multipart: ${m.what}`, headers: m.headers, payload: m.payload });
  }
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
