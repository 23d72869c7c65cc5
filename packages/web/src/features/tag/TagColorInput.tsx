import { ColorPicker, Select, Space, Tag, theme } from 'antd';
import { M } from './messages';
import { DEFAULT_TAG_COLOR, TAG_PRESETS, isHexColor } from './tagColors';

interface Props {
  /** A preset name ('red') or '#rrggbb'. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** A tag's colour: one of antd's presets, each shown as a tag of that colour, or any colour from the picker. */
export function TagColorInput({ value, onChange, id }: Props) {
  // the picker starts from the colour the tag has, a preset's too (antd's tokens carry each preset by its name);
  // with no colour at all it would start from a transparent one, which a picker without alpha cannot show
  const { token } = theme.useToken();
  const preset = (token as unknown as Record<string, string | undefined>)[value ?? DEFAULT_TAG_COLOR];
  const options = [
    ...TAG_PRESETS.map(({ value: color, title }) => ({ value: color, label: <Tag color={color}>{title}</Tag> })),
    ...(isHexColor(value) ? [{ value, label: <Tag color={value}>{M.custom}</Tag> }] : []),
  ];
  return (
    <Space.Compact>
      <Select id={id} style={{ width: 160 }} options={options} value={value} onChange={onChange} />
      <ColorPicker
        disabledAlpha
        aria-label={M.customColor}
        value={isHexColor(value) ? value : preset}
        onChangeComplete={(color) => onChange?.(color.toHexString())}
      />
    </Space.Compact>
  );
}
