import { Cascader, type CascaderProps } from 'antd';
import { useMemo } from 'react';
import { areaPath, areaTree } from '../../utils/dictionary';

export const AREA_PLACEHOLDER = '请选择区县';
const FIELD_NAMES = { label: 'title', value: 'id', children: 'children' };

/** The stored value for a picked path: its last id as a number; '' for an empty or negative one. */
export function areaValue(path: readonly (number | string)[] | null | undefined): number | '' {
  const last = Number(path?.[path.length - 1]);
  return path?.length && Number.isFinite(last) && last >= 0 ? last : '';
}

type Props = Omit<CascaderProps, 'value' | 'onChange' | 'options' | 'fieldNames' | 'multiple'> & {
  /** The area id (0 or '' when not filled in). */
  value?: number | string | null;
  onChange?: (value: number | '') => void;
};

/**
 * Region picker over the dictionary's area tree (province → city → district). Stores one id; shows the full
 * path for it.
 *
 * @example <Form.Item name="area_id"><AreaPicker /></Form.Item>
 */
export function AreaPicker({ value, onChange, placeholder = AREA_PLACEHOLDER, ...rest }: Props) {
  // the same array while the cached dictionary is unchanged, and the new one after a reload of it
  const options = areaTree();
  const path = useMemo(() => areaPath(value, options), [value, options]);
  return (
    <Cascader
      showSearch
      allowClear
      {...rest}
      placeholder={placeholder}
      options={options as CascaderProps['options']}
      fieldNames={FIELD_NAMES}
      value={path.length ? path : undefined}
      onChange={(picked) => onChange?.(areaValue(picked as (number | string)[] | undefined))}
    />
  );
}

export default AreaPicker;
