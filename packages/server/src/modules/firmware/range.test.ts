import { describe, expect, it } from 'vitest';
import { byteRange } from './range.js';

describe('byteRange (a box resuming a firmware download)', () => {
  it('reads a single range: from-to, from to the end, the last n bytes; an end past the file is cut to it', () => {
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(byteRange('bytes=40-', 100)).toEqual({ start: 40, end: 99 });
    expect(byteRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(byteRange('bytes=-300', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
  });

  it('sends the whole file for no range, several ranges, a malformed one or an If-Range of another file', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-5', 'bytes=-', 'bytes=9-3', 'bytes=a-b']) expect(byteRange(header, 100), header).toBeNull();
    expect(byteRange('bytes=10-', 100, '"other"', '"abc"')).toBeNull();
    expect(byteRange('bytes=10-', 100, '"abc"', '"abc"')).toEqual({ start: 10, end: 99 });
  });

  it('says unsatisfiable for a range starting at or past the end', () => {
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=150-200', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
