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

  it('says why a payload is dropped: not JSON, too large, or the wrong shape, and what is wrong in Chinese', () => {
    expect(parseTelemetry(Buffer.from('{not json'))).toEqual({ malformed: 'not_json', detail: '数据格式错误: 不是合法的 JSON' });
    expect(parseTelemetry(Buffer.alloc(1024 * 1024 + 110_000, 0x20))).toEqual({ malformed: 'too_large', detail: '消息过大: 1.1 MB,上限 1.0 MB' });
    const shape = (json: unknown) => {
      const read = parseTelemetry(Buffer.from(JSON.stringify(json)));
      return 'detail' in read && read.malformed === 'bad_shape' ? read.detail.replace('数据格式错误: ', '') : read;
    };
    expect(shape([item({ ts: -1 })])).toBe('第 1 项的 ts 应大于 0');
    expect(shape([item(), { ts: 1, values: [] }])).toBe('第 2 项缺少 device_id');
    expect(shape([item({ ts: 1.5 })])).toBe('第 1 项的 ts 应为整数');
    expect(shape([item({ device_id: long(65) })])).toBe('第 1 项的 device_id 超过 64 个字符');
    expect(shape([item({ values: [{ name: 'a', value: 1 }, { name: '', value: 1 }] })])).toBe('第 1 项的 values 第 2 个的 name 不能为空');
    expect(shape([item({ values: [{ name: 'a' }] })])).toBe('第 1 项的 values 第 1 个缺少 value');
    expect(shape([item({ values: { name: 'a', value: 1 } })])).toBe('第 1 项的 values 应为数组');
    expect(shape([null])).toBe('第 1 项应为对象');
    expect(shape(item())).toBe('消息应为数组');
    expect(shape([])).toBe('消息至少 1 项');
    expect(shape(Array.from({ length: 101 }, () => item()))).toBe('消息超过 100 项');
  });

  it('refuses each value outside its domain and keeps the rest of the reading', () => {
    const read = valuesObject([
      { name: 'cnc_runstatus', value: 3 },
      { name: 'cnc_products', value: 1e308 },
      { name: 'cnc_actspeed', value: 7990 },
    ]);
    expect(read.values).toEqual({ cnc_runstatus: 3, cnc_actspeed: 7990 });
    expect(read.refused).toEqual([{ name: 'cnc_products', fault: { reason: 'out_of_range', text: 'cnc_products = 1e+308,应为 0 至 2147483647 的整数' } }]);
  });

  it('keeps values PostgreSQL would refuse out of the batch: NUL dropped, a lone surrogate replaced, nested ones too', () => {
    const { values } = valuesObject([
      { name: 'cnc_mainproname', value: 'O1\u00002' },
      { name: 'text', value: 'a\uD800b' },
      { name: 'list', value: ['ok', { k: '\uDC00' }] },
      { name: 'pair', value: '\uD83D\uDE00' },
      { name: 'empty', value: [] },
    ]);
    expect(values).toEqual({ cnc_mainproname: 'O12', text: 'a\uFFFDb', list: ['ok', { k: '\uFFFD' }], pair: '\uD83D\uDE00', empty: [] });
  });
});
