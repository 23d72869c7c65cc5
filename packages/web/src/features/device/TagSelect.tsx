import { TAG_OPTIONS_URL, type TagRef } from '@gw/contracts';
import type { SelectProps } from 'antd';
import { RemoteSelect } from '../../components/RemoteSelect';

type Props = Omit<SelectProps, 'mode' | 'options'> & {
  /** Tags already on the box, so they show by name before the options have loaded. */
  known?: readonly TagRef[];
};

/**
 * Tags of the caller's scope (GET /manager/tag/options, open to a box's user without the 设备标签 menu), several at
 * once, searched by name.
 */
export function TagSelect({ known = [], ...rest }: Props) {
  const labelRender = ({ value, label }: { value: unknown; label?: unknown }) =>
    (label as string | undefined) ?? known.find((tag) => tag.id === value)?.name ?? String(value);
  return <RemoteSelect url={TAG_OPTIONS_URL} labelField="name" mode="multiple" labelRender={labelRender} {...rest} />;
}
