import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { resourceApi } from './api';
import type { DetailTab } from './listTypes';
import type { Id } from './types';
import { usePhone } from './usePhone';
import { resourceKey } from './useResourceTable';

export interface RecordDrawerProps<T> {
  /** The resource's path: the record is GET {resource}/{id}. */
  resource: string;
  /** The record shown; null while none is. */
  id: Id | null;
  open: boolean;
  onClose: () => void;
  tabs: DetailTab<T>[];
  /** The drawer's title for the record, and before it has arrived. */
  title: (record: T | undefined) => ReactNode;
  width?: number;
  /** What the drawer's header offers beside its title for the record (远程访问 on a box), once it has arrived. */
  extra?: (record: T) => ReactNode;
}

/**
 * One record in a drawer, one tab per aspect of it, read from GET {resource}/{id} and refreshed with the
 * resource. A list's detail drawer is this one opened from a row; other pages (the map) open it on their own. On a
 * phone it takes the whole width, so nothing in it scrolls sideways.
 *
 * @example <RecordDrawer<Device> resource={DEVICE_PATH} id={id} open={id !== null} onClose={close} tabs={tabs} title={(d) => d?.gateway_id} />
 */
export function RecordDrawer<T extends object>({ resource, id, open, onClose, tabs, title, width = 720, extra }: RecordDrawerProps<T>) {
  const record = useQuery({
    queryKey: [...resourceKey(resource), 'detail', id],
    queryFn: () => resourceApi<T>(resource).get(id!),
    enabled: id !== null,
  });
  const phone = usePhone();
  const data = record.data;
  const body = record.isPending ? <Spin /> : data ? <Tabs items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render(data) }))} /> : <Empty />;
  return (
    <Drawer open={open} onClose={onClose} size={phone ? '100%' : width} title={title(data)} extra={data && extra ? extra(data) : undefined} destroyOnHidden>
      {body}
    </Drawer>
  );
}
