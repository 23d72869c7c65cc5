import { Input, type InputProps } from 'antd';
import { useState } from 'react';

export type NumberInputType = 'number' | 'integer' | 'text';

/**
 * The value of typed text: 'number' parses a float, 'integer' an int, and what does not parse
 * becomes ''; 'text' passes through, trimmed when asked.
 *
 * @example parseInput('12.5kg', 'number') // 12.5; parseInput('abc', 'integer') // ''
 */
export function parseInput(raw: string, type: NumberInputType = 'text', trim = false): number | string {
  if (type === 'text') return trim ? raw.trim() : raw;
  const n = type === 'number' ? Number.parseFloat(raw) : Number.parseInt(raw, 10);
  return Number.isNaN(n) ? '' : n;
}

const toText = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

type Props = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value?: number | string | null;
  onChange?: (value: number | string) => void;
  type?: NumberInputType;
  /** Trim text values (type 'text'). */
  trim?: boolean;
};

/**
 * A text box whose value is parsed as it is typed. What the user typed stays on screen ('1.' while heading for
 * '1.5') until the field loses focus or the value is changed from outside.
 */
export function NumberInput({ value, onChange, type = 'text', trim = false, onBlur, ...rest }: Props) {
  const [text, setText] = useState(() => toText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseInput(text, type, trim) !== value) setText(toText(value));
  }
  return (
    <Input
      inputMode={type === 'number' ? 'decimal' : type === 'integer' ? 'numeric' : undefined}
      {...rest}
      value={text}
      onChange={(event) => {
        const next = parseInput(event.target.value, type, trim);
        setText(event.target.value);
        setShown(next);
        onChange?.(next);
      }}
      onBlur={(event) => {
        setText(toText(shown));
        onBlur?.(event);
      }}
    />
  );
}

export default NumberInput;
