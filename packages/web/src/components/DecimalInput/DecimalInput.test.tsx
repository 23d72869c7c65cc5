import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DecimalInput, decimalText, normalizeDecimal } from '.';

describe('decimal text', () => {
  it('takes digits with at most the scale of decimals, nothing else', () => {
    expect(decimalText('12.', 2)).toBe('12.');
    expect(decimalText('0.05', 2)).toBe('0.05');
    expect(decimalText('0.055', 2)).toBeNull();
    expect(decimalText('-1', 2)).toBeNull();
    expect(decimalText('1e3', 2)).toBeNull();
  });

  it('tidies finished text without ever going through a float', () => {
    expect(normalizeDecimal('12.', 2, false)).toBe('12');
    expect(normalizeDecimal('.5', 2, true)).toBe('0.50');
    expect(normalizeDecimal('007.1', 2, true)).toBe('7.10');
    expect(normalizeDecimal('99999999.99', 2, true)).toBe('99999999.99');
    expect(normalizeDecimal('', 2, true)).toBe('');
  });
});

function Field({ spy, initial = '' }: { spy: (v: unknown) => void; initial?: string }) {
  const [value, setValue] = useState<string>(initial);
  return (
    <DecimalInput
      aria-label="价格"
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('DecimalInput', () => {
  it('keeps an exact string with two decimals, refusing a third', async () => {
    const user = userEvent.setup({ delay: null });
    const spy = vi.fn();
    render(<Field spy={spy} />);
    const box = screen.getByLabelText('价格');
    await user.type(box, '0.1x05');
    expect(box).toHaveValue('0.10');
    expect(spy).toHaveBeenLastCalledWith('0.10');
    await user.tab();
    expect(box).toHaveValue('0.10');
    expect(spy.mock.calls.every(([v]) => typeof v === 'string')).toBe(true);
  });

  it('pads to two decimals when the box is left', async () => {
    const user = userEvent.setup({ delay: null });
    const spy = vi.fn();
    render(<Field spy={spy} initial="1280.00" />);
    const box = screen.getByLabelText('价格');
    expect(box).toHaveValue('1280.00');
    await user.clear(box);
    await user.type(box, '1299.9');
    await user.tab();
    expect(box).toHaveValue('1299.90');
    expect(spy).toHaveBeenLastCalledWith('1299.90');
  });
});
