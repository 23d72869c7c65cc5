import { Input, Select } from 'antd';
import { dict } from '../../utils/dictionary';
import { AreaPicker } from '../AreaPicker';
import { RemoteSelect } from '../RemoteSelect';
import { CompanyTreeSelect } from './CompanyTreeSelect';
import { RT } from './messages';
import type { FilterField } from './types';

interface Props {
  field: FilterField;
  /** Filter values are strings, as in the URL. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Take the whole width (in the phone's filter drawer). */
  block?: boolean;
}

const asString = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) || undefined : undefined);
const asId = (value: string | undefined) => (value !== undefined && /^-?\d+$/.test(value) ? Number(value) : value);

/** A company of the caller's scope, picked from the tree (a node stands for its whole subtree where the filter says so). */
function CompanyFilter({ field, value, onChange, block }: Props) {
  return (
    <CompanyTreeSelect
      aria-label={field.label}
      placeholder={RT.selectPlaceholder(field.label)}
      style={{ width: block ? '100%' : (field.width ?? 200) }}
      value={asId(value)}
      onChange={(next) => onChange?.(asString(next))}
    />
  );
}

/** One filter of the search bar; maps the URL's strings to the option values (often numbers) and back. */
export function FilterInput({ field, value, onChange, block }: Props) {
  const style = { width: block ? '100%' : (field.width ?? 160) };
  if (field.type === 'text') {
    return <Input allowClear aria-label={field.label} placeholder={RT.inputPlaceholder(field.label)} style={style} value={value} onChange={(e) => onChange?.(asString(e.target.value))} />;
  }
  if (field.type === 'company') return <CompanyFilter field={field} value={value} onChange={onChange} block={block} />;
  if (field.type === 'area') {
    return <AreaPicker aria-label={field.label} placeholder={RT.selectPlaceholder(field.label)} style={{ width: block ? '100%' : (field.width ?? 200) }} value={asId(value)} onChange={(next) => onChange?.(asString(next))} />;
  }
  if (field.type === 'remote') {
    const current = asId(value);
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
  // a dictionary is read when drawn: it is cached at login, after the page's filters were declared
  const options = field.type === 'dict' ? dict(field.category ?? '').map((item) => ({ label: item.title, value: item.value })) : (field.options ?? []);
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
