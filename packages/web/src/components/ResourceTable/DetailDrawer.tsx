import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { resourceApi } from './api';
import { useResourceListContext } from './context';
import type { DetailTab } from './listTypes';
import { RT } from './messages';
import { resourceKey } from './useResourceTable';

interface Props<T> {
  tabs: DetailTab<T>[];
  /** The drawer's title for the record (default {title}详情). */
  title?: (record: T) => ReactNode;
  width?: number;
}

/**
 * The detail drawer of the list around it: opened on a row by `list.detail.show(row)` (a row action or a link in a
 * cell), it reads GET {resource}/{id} and draws one tab per aspect of the record. A change to the resource
 * refreshes it.
 *
 * @example <DetailDrawer<Device> tabs={[{ key: 'base', label: '基本信息', render: (d) => <DeviceInfo device={d} /> }]} />
 */
export function DetailDrawer<T extends object>({ tabs, title, width = 720 }: Props<T>) {
  const list = useResourceListContext<T>();
  const { id, open, close } = list.detail;
  const record = useQuery({
    queryKey: [...resourceKey(list.resource), 'detail', id],
    queryFn: () => resourceApi<T>(list.resource).get(id!),
    enabled: id !== null,
  });
  const data = record.data;
  const body = record.isPending ? <Spin /> : data ? <Tabs items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render(data) }))} /> : <Empty />;
  return (
    <Drawer open={open} onClose={close} size={width} title={data && title ? title(data) : RT.detailTitle(list.title)} destroyOnHidden>
      {body}
    </Drawer>
  );
}
