import { describe, expect, it } from 'vitest';
import { rowSpans } from './LicenseInfo';

describe('the licence details in two columns', () => {
  it('fills every row: a wide field on a row of its own, a lone field stretched to the end of its row', () => {
    expect(rowSpans([false, false, true])).toEqual([1, 1, 2]);
    expect(rowSpans([false, true, false, false])).toEqual([2, 2, 1, 1]);
    expect(rowSpans([false, false, false])).toEqual([1, 1, 2]);
    expect(rowSpans([true, false, true, false])).toEqual([2, 2, 2, 2]);
  });
});
