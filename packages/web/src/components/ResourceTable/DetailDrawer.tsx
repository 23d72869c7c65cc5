import type { ReactNode } from 'react';
import { useResourceListContext } from './context';
import type { DetailTab } from './listTypes';
import { RT } from './messages';
import { RecordDrawer } from './RecordDrawer';

interface Props<T> {
  tabs: DetailTab<T>[];
  /** The drawer's title for the record (default {title}详情). */
  title?: (record: T) => ReactNode;
  width?: number;
  /** What the header offers beside the title for the record. */
  extra?: (record: T) => ReactNode;
}

/**
 * The detail drawer of the list around it: opened on a row by `list.detail.show(row)` (a row action or a link in a
 * cell), it reads GET {resource}/{id} and draws one tab per aspect of the record. A change to the resource
 * refreshes it.
 *
 * @example <DetailDrawer<Device> tabs={[{ key: 'base', label: '基本信息', render: (d) => <DeviceInfo device={d} /> }]} />
 */
export function DetailDrawer<T extends object>({ tabs, title, width, extra }: Props<T>) {
  const list = useResourceListContext<T>();
  const { id, open, close } = list.detail;
  return (
    <RecordDrawer<T>
      resource={list.resource}
      id={id}
      open={open}
      onClose={close}
      tabs={tabs}
      width={width}
      extra={extra}
      title={(record) => (record && title ? title(record) : RT.detailTitle(list.title))}
    />
  );
}
