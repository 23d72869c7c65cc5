import type { ReactNode } from 'react';
import { ResourceListContext, type ResourceListValue } from './context';
import type { ResourceListProps } from './listTypes';
import { useResourceList } from './useResourceList';

/**
 * A list's state for the pieces inside it (ListSearchBar, ListToolbar, ListGrid, ListForm, DetailDrawer,
 * CompanyTreePanel): each reads `useResourceListContext()`, so a page arranges them as it likes or swaps one.
 *
 * @example
 * <ResourceList<Device> descriptor={deviceResource} columns={deviceColumns} form={DeviceForm} bulkActions={[assign]}>
 *   <ListSearchBar />
 *   <ListToolbar />
 *   <ListGrid />
 *   <ListForm />
 *   <DetailDrawer<Device> tabs={[{ key: 'base', label: '基本信息', render: (d) => <DeviceInfo device={d} /> }]} />
 * </ResourceList>
 */
export function ResourceList<T extends object>({ children, ...props }: ResourceListProps<T> & { children: ReactNode }) {
  const value = useResourceList<T>(props);
  return <ResourceListContext.Provider value={value as unknown as ResourceListValue<object>}>{children}</ResourceListContext.Provider>;
}
