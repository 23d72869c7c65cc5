import { Input, Select } from 'antd';
import { RemoteSelect } from '../RemoteSelect';
import { RT } from './messages';
import type { FilterField } from './types';

interface Props {
  field: FilterField;
  /** Filter values are strings, as in the URL. */
  value?: string;
  onChange?: (value: string | undefined) => void;
}

const asString = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) || undefined : undefined);

/** One filter of the search bar; maps the URL's strings to the option values (often numbers) and back. */
export function FilterInput({ field, value, onChange }: Props) {
  const style = { width: field.width ?? 160 };
  if (field.type === 'text') {
    return <Input allowClear aria-label={field.label} placeholder={RT.inputPlaceholder(field.label)} style={style} value={value} onChange={(e) => onChange?.(asString(e.target.value))} />;
  }
  if (field.type === 'remote') {
    const current = value !== undefined && /^-?\d+$/.test(value) ? Number(value) : value;
    return (
      <RemoteSelect
        url=""
        {...field.remote}
        aria-label={field.label}
        placeholder={RT.selectPlaceholder(field.label)}
        style={style}
        value={current}
        onChange={(next: unknown) => onChange?.(asString(next))}
      />
    );
  }
  const options = field.options ?? [];
  return (
    <Select
      allowClear
      aria-label={field.label}
      placeholder={RT.selectPlaceholder(field.label)}
      style={style}
      options={options}
      value={options.find((option) => String(option.value) === value)?.value}
      onChange={(next: unknown) => onChange?.(asString(next))}
    />
  );
}
