import { describe, expect, it } from 'vitest';
import { telemetryMessageSchema } from '@gw/contracts';
import { parseTelemetry, plainTelemetry, valuesObject } from './parse.js';

const item = (over: Record<string, unknown> = {}) => ({ device_id: 'M1', ts: 1_700_000_000_000, values: [{ name: 'cnc_mode', value: 1 }], ...over });
const long = (n: number) => 'x'.repeat(n);

/** Messages around every rule of the schema: each is read the same with or without the fast check. */
const cases: unknown[] = [
  [item()],
  [item({ device_type: 'fanuc' })],
  [item({ device_type: '' })],
  [item({ device_type: long(33) })],
  [item({ device_type: null })],
  [item({ device_id: '' })],
  [item({ device_id: long(64) })],
  [item({ device_id: long(65) })],
  [item({ device_id: 7 })],
  [item({ ts: 0 })],
  [item({ ts: -5 })],
  [item({ ts: 1.5 })],
  [item({ ts: 2 ** 60 })],
  [item({ ts: '1700000000000' })],
  [item({ values: [] })],
  [item({ values: Array.from({ length: 200 }, (_, i) => ({ name: `v${i}`, value: i })) })],
  [item({ values: Array.from({ length: 201 }, (_, i) => ({ name: `v${i}`, value: i })) })],
  [item({ values: [{ name: '', value: 1 }] })],
  [item({ values: [{ name: long(65), value: 1 }] })],
  [item({ values: [{ name: 'a' }] })],
  [item({ values: [{ name: 'a', value: null }] })],
  [item({ values: [{ name: 'a', value: { deep: [1, 'x'] } }] })],
  [item({ values: [{ name: 'a', value: 1, extra: true }] })],
  [item({ values: [null] })],
  [item({ values: [[{ name: 'a', value: 1 }]] })],
  [item({ values: { name: 'a', value: 1 } })],
  [item({ extra: 1 })],
  [{ ts: 1, values: [] }],
  [null],
  [[item()]],
  [],
  Array.from({ length: 100 }, () => item()),
  Array.from({ length: 101 }, () => item()),
  item(),
  'text',
  42,
  null,
];

describe('reading a data/<gw>/v1 payload', () => {
  it('reads every message as the contract schema does: the fast check only takes what the schema takes unchanged', () => {
    for (const json of cases) {
      const schema = telemetryMessageSchema.safeParse(json);
      if (plainTelemetry(json)) {
        expect(schema.success, JSON.stringify(json).slice(0, 200)).toBe(true);
        expect(schema.data).toEqual(json);
      }
      const read = parseTelemetry(Buffer.from(JSON.stringify(json)));
      expect('items' in read, JSON.stringify(json).slice(0, 200)).toBe(schema.success);
      if ('items' in read) expect(read.items).toEqual(schema.data);
    }
    expect(plainTelemetry([item(), item({ device_type: 'fanuc' })])).toBe(true);
  });

  it('says why a payload is dropped: not JSON, too large, or the wrong shape', () => {
    expect(parseTelemetry(Buffer.from('{not json'))).toEqual({ malformed: 'not_json' });
    expect(parseTelemetry(Buffer.alloc(1024 * 1024 + 1, 0x20))).toEqual({ malformed: 'too_large' });
    expect(parseTelemetry(Buffer.from(JSON.stringify([item({ ts: -1 })])))).toEqual({ malformed: 'bad_shape' });
  });

  it('keeps values PostgreSQL would refuse out of the batch: NUL dropped, a lone surrogate replaced, nested ones too', () => {
    const values = valuesObject([
      { name: 'cnc_mainproname', value: 'O1\u00002' },
      { name: 'text', value: 'a\uD800b' },
      { name: 'list', value: ['ok', { k: '\uDC00' }] },
      { name: 'pair', value: '\uD83D\uDE00' },
      { name: 'empty', value: [] },
    ]);
    expect(values).toEqual({ cnc_mainproname: 'O12', text: 'a\uFFFDb', list: ['ok', { k: '\uFFFD' }], pair: '\uD83D\uDE00', empty: [] });
  });
});
