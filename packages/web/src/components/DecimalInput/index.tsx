import { Input, type InputProps } from 'antd';
import { useState } from 'react';

/**
 * Typed text as an exact decimal with at most `scale` decimals ('1280', '12.5', '0.05'): what the user may go on
 * typing ('12.' while heading for '12.5'), or null for anything else (a sign, letters, a third decimal).
 */
export function decimalText(raw: string, scale: number): string | null {
  const text = raw.trim();
  const pattern = scale > 0 ? new RegExp(`^\\d*(\\.\\d{0,${scale}})?$`) : /^\d*$/;
  return pattern.test(text) ? text : null;
}

/** The value kept for finished text: '' stays empty, '12.' and '.5' become '12' and '0.5', and `fixed` pads ('12.50'). */
export function normalizeDecimal(text: string, scale: number, fixed: boolean): string {
  if (text === '' || text === '.') return '';
  const [whole, fraction = ''] = text.split('.');
  const int = whole.replace(/^0+(?=\d)/, '') || '0';
  const digits = fixed ? fraction.padEnd(scale, '0') : fraction;
  return digits ? `${int}.${digits}` : int;
}

type Props = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  /** The decimal as text, e.g. '1280.00'. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Most decimals (default 2). */
  scale?: number;
  /** Shows and keeps every decimal once the box loses focus ('12' → '12.00'; default true). */
  fixed?: boolean;
};

/**
 * A non-negative decimal kept as text from keyboard to request: never a float, so 0.1 + 0.2 stays what was typed
 * and a price reaches the database exactly. Keys that would make it something else are not taken.
 *
 * @example <Form.Item name="price" label="价格 (元)"><DecimalInput scale={2} addonAfter="元" /></Form.Item>
 */
export function DecimalInput({ value, onChange, scale = 2, fixed = true, onBlur, ...rest }: Props) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  const emit = (next: string) => {
    setShown(next);
    onChange?.(next);
  };
  return (
    <Input
      inputMode="decimal"
      {...rest}
      value={text}
      onChange={(event) => {
        const typed = decimalText(event.target.value, scale);
        if (typed === null) return;
        setText(typed);
        emit(normalizeDecimal(typed, scale, false));
      }}
      onBlur={(event) => {
        const done = normalizeDecimal(text, scale, fixed);
        setText(done);
        if (done !== shown) emit(done);
        onBlur?.(event);
      }}
    />
  );
}

export default DecimalInput;
