import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScaledNumber, toShown, toStored } from '.';

describe('ScaledNumber conversions', () => {
  it('shows stored ÷ 60 by default and stores typed × 60', () => {
    expect(toShown(90)).toBe(1.5);
    expect(toShown('120')).toBe(2);
    expect(toStored(1.5)).toBe(90);
    expect(toStored(1.1)).toBe(66);
  });
  it('uses another scale when given', () => {
    expect(toShown(5000, 1000)).toBe(5);
    expect(toStored(5, 1000)).toBe(5000);
  });
  it('keeps empty empty', () => {
    expect(toShown(null)).toBeNull();
    expect(toShown('')).toBeNull();
    expect(toStored(null)).toBe('');
  });
});

describe('ScaledNumber', () => {
  it('shows the scaled value and stores the typed one scaled back', () => {
    const onChange = vi.fn();
    render(<ScaledNumber value={180} onChange={onChange} />);
    const input = screen.getByRole('spinbutton');
    expect(input).toHaveValue('3');
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(onChange).toHaveBeenLastCalledWith(150);
  });
});
