import { describe, expect, it } from 'vitest';
import { duplicatesOf, generateSerials, invalidSerials, splitSerials } from './serials';

describe('serials', () => {
  it('splits typed and pasted serials on newlines, tabs, commas and spaces, trimmed, blanks dropped', () => {
    expect(splitSerials('GW01\nGW02\r\n\n  GW03  \n')).toEqual(['GW01', 'GW02', 'GW03']);
    // a column and a row copied from Excel
    expect(splitSerials('A1\r\nA2\r\n')).toEqual(['A1', 'A2']);
    expect(splitSerials('A1\tA2\tA3')).toEqual(['A1', 'A2', 'A3']);
    expect(splitSerials('A1, A2,A3 A4,A5')).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    expect(splitSerials('  \n\t ')).toEqual([]);
  });

  it('names each repeated serial once, and the ones that are no 设备ID', () => {
    expect(duplicatesOf(['A', 'B', 'A', 'C', 'B', 'A'])).toEqual(['A', 'B']);
    expect(duplicatesOf(['A', 'B'])).toEqual([]);
    expect(invalidSerials(['GW-01', 'GW 02', 'GW#3', 'gw_4'])).toEqual(['GW 02', 'GW#3']);
  });

  it('generates a run from a prefix, a first number and its digits', () => {
    expect(generateSerials({ prefix: 'GW2026', start: 1, digits: 4, count: 5 })).toEqual(['GW20260001', 'GW20260002', 'GW20260003', 'GW20260004', 'GW20260005']);
    expect(generateSerials({ prefix: 'X', start: 98, digits: 2, count: 3 })).toEqual(['X98', 'X99', 'X100']);
    expect(generateSerials({ prefix: 'X', start: 1, digits: 1, count: 0 })).toEqual([]);
  });
});
