import { describe, expect, it } from 'vitest';
import { centsOf, orderTotals, yuanOf } from './money';

describe('order money', () => {
  it('reads a price as exact cents and writes cents back with two decimals', () => {
    expect(centsOf('1280.10')).toBe(128010n);
    expect(centsOf('0.1')).toBe(10n);
    expect(centsOf('12')).toBe(1200n);
    expect(centsOf('')).toBeNull();
    expect(centsOf('1.234')).toBeNull();
    expect(yuanOf(384030n)).toBe('3840.30');
    expect(yuanOf(5n)).toBe('0.05');
  });

  it('totals the lines without float drift: 3 × 1280.10 is 3840.30, and 0.1 + 0.2 is 0.30', () => {
    expect(orderTotals([{ quantity: 3, unit_price: '1280.10' }])).toEqual({ quantity: 3, amount: '3840.30' });
    expect(orderTotals([{ quantity: 1, unit_price: '0.1' }, { quantity: 1, unit_price: '0.2' }])).toEqual({ quantity: 2, amount: '0.30' });
    expect(orderTotals([{ quantity: 5000, unit_price: '9999999999.99' }]).amount).toBe('49999999999950.00');
  });

  it('counts a line still being typed as far as it goes', () => {
    expect(orderTotals([{ quantity: 2 }, { unit_price: '5.00' }, undefined])).toEqual({ quantity: 2, amount: '0.00' });
    expect(orderTotals()).toEqual({ quantity: 0, amount: '0.00' });
  });
});
