import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, type NumberInputType, parseInput } from '.';

describe('parseInput', () => {
  it("parses floats for 'number' and ints for 'integer'", () => {
    expect(parseInput('12.5', 'number')).toBe(12.5);
    expect(parseInput('12.5kg', 'number')).toBe(12.5);
    expect(parseInput('12.9', 'integer')).toBe(12);
  });
  it("turns NaN into ''", () => {
    expect(parseInput('abc', 'number')).toBe('');
    expect(parseInput('', 'integer')).toBe('');
  });
  it('passes text through, trimmed on request', () => {
    expect(parseInput('  a b ', 'text')).toBe('  a b ');
    expect(parseInput('  a b ', 'text', true)).toBe('a b');
  });
});

function Field({ type, trim, spy }: { type: NumberInputType; trim?: boolean; spy: (v: unknown) => void }) {
  const [value, setValue] = useState<number | string>('');
  return (
    <NumberInput
      aria-label="field"
      type={type}
      trim={trim}
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('NumberInput', () => {
  it('keeps what is typed on screen while storing the parsed number, and tidies on blur', async () => {
    const spy = vi.fn();
    const user = userEvent.setup();
    render(<Field type="number" spy={spy} />);
    const input = screen.getByLabelText('field');
    await user.type(input, '1.');
    expect(input).toHaveValue('1.');
    expect(spy).toHaveBeenLastCalledWith(1);
    await user.type(input, '5x');
    expect(spy).toHaveBeenLastCalledWith(1.5);
    await user.tab();
    expect(input).toHaveValue('1.5');
  });

  it("stores '' for text that is not a number", async () => {
    const spy = vi.fn();
    const user = userEvent.setup();
    render(<Field type="integer" spy={spy} />);
    await user.type(screen.getByLabelText('field'), 'x');
    expect(spy).toHaveBeenLastCalledWith('');
  });

  it('trims text when asked', async () => {
    const spy = vi.fn();
    const user = userEvent.setup();
    render(<Field type="text" trim spy={spy} />);
    await user.type(screen.getByLabelText('field'), ' ab ');
    expect(spy).toHaveBeenLastCalledWith('ab');
  });

  it('shows a value set from outside', () => {
    const { rerender } = render(<NumberInput aria-label="field" type="number" value={3} />);
    rerender(<NumberInput aria-label="field" type="number" value={7.25} />);
    expect(screen.getByLabelText('field')).toHaveValue('7.25');
  });
});
