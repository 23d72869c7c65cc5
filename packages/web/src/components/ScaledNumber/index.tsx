import { InputNumber, type InputNumberProps } from 'antd';
import { SCALE } from '../../settings';

/** Removes binary-fraction noise (1.1 × 60 = 66.00000000000001). */
const clean = (n: number) => Math.round(n * 1e9) / 1e9;

/** The shown number for a stored one (stored ÷ scale); null when there is none. */
export function toShown(stored: number | string | null | undefined, scale = SCALE): number | null {
  if (stored === null || stored === undefined || stored === '') return null;
  const n = Number(stored);
  return Number.isFinite(n) ? clean(n / scale) : null;
}

/** The stored number for a typed one (typed × scale); '' when the field is emptied. */
export function toStored(typed: number | string | null | undefined, scale = SCALE): number | '' {
  if (typed === null || typed === undefined || typed === '') return '';
  const n = Number(typed);
  return Number.isFinite(n) ? clean(n * scale) : '';
}

type Props = Omit<InputNumberProps<number>, 'value' | 'onChange'> & {
  value?: number | string | null;
  onChange?: (value: number | '') => void;
  /** Stored ÷ scale is shown (default 60: seconds shown as minutes). */
  scale?: number;
};

/** A number input in a larger unit than the stored one: shows stored ÷ scale, stores typed × scale (default 60). */
export function ScaledNumber({ value, onChange, scale = SCALE, ...rest }: Props) {
  return <InputNumber<number> {...rest} value={toShown(value, scale)} onChange={(typed) => onChange?.(toStored(typed, scale))} />;
}

export default ScaledNumber;
