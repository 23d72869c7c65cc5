import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

// what the ORM's decoder and the default serializer made of the same text: new Date(…).toISOString()
const viaDate = (text: string, withTimezone: boolean) => new Date(withTimezone ? text : `${text}+0000`).toISOString();

describe('isoTime', () => {
  it('gives the text a Date would, for every shape PostgreSQL sends', () => {
    const zoned = [
      '2026-11-24 16:02:23.723503+00',
      '2026-11-24 16:02:23.7+00',
      '2026-11-24 16:02:23.72+00',
      '2026-11-24 16:02:23.723+00',
      '2026-11-24 16:02:23+00',
      '2026-11-24 23:59:59.999999+00',
      '2026-11-25 00:02:23.5+08',
      '2026-11-24 16:02:23.123+05:30',
      '1969-12-31 23:59:59.999+00',
    ];
    for (const text of zoned) expect(isoTime(true)(text), text).toBe(viaDate(text, true));
    const plain = ['2026-11-24 16:02:23.723503', '2026-11-24 16:02:23', '2000-02-29 12:00:00.01'];
    for (const text of plain) expect(isoTime(false)(text), text).toBe(viaDate(text, false));
  });

  it('passes on what is no text the way the serializer did', () => {
    expect(isoTime(true)(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678Z');
    expect(isoTime(true)(null)).toBeNull();
  });

  it('fails on a time no Date can hold, as the serializer did', () => {
    expect(() => isoTime(true)('infinity')).toThrow(RangeError);
  });
});
