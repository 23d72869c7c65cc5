import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { CompanyTreePanel } from './CompanyTreePanel';
import { DetailDrawer } from './DetailDrawer';
import { ListForm } from './ListForm';
import { ListGrid } from './ListGrid';
import { ListSearchBar } from './ListSearchBar';
import { ListToolbar } from './ListToolbar';
import type { DetailTab, ResourceListProps, RowAction } from './listTypes';
import { RT } from './messages';
import { ResourceList } from './ResourceList';
import { usePhone } from './usePhone';

export type ResourceTableProps<T extends object> = ResourceListProps<T> & {
  /** Buttons added to the toolbar's left group. */
  extraToolbar?: ReactNode;
  /** A 详情 button per row opening a drawer with these tabs over GET {resource}/{id}. */
  detail?: { tabs: DetailTab<T>[]; title?: (record: T) => ReactNode; width?: number };
  /** Tree mode: the company tree on the left; choosing a company sets this filter (e.g. 'customer_id'). */
  tree?: { field: string; title?: string };
};

/**
 * A whole resource list page, the default arrangement of the kit: search bar, toolbar (新增, 批量删除, 导出, 导入, bulk
 * actions, 自动刷新, 刷新, 列设置), the table with 编辑/删除 and row actions per row, the add/edit form, and on request
 * a detail drawer and the company tree. Buttons show only with their permission bit; with a descriptor, titles,
 * filters and what the resource can do come from it. For another arrangement use `<ResourceList>` and the pieces.
 *
 * @example
 * export default function DevicePage() {
 *   return (
 *     <ResourceTable<Device>
 *       descriptor={deviceResource}
 *       columns={deviceColumns} // titles from the descriptor's labels
 *       form={DeviceForm}
 *       tree={{ field: 'customer_id' }}
 *       canDelete={(d) => (d.machine_count ? `设备下还有 ${d.machine_count} 台机床` : true)}
 *       rowActions={rowActionsFrom<Device>(deviceResource, { secret: (data) => showSecret(data) })}
 *       bulkActions={bulkActionsFrom(deviceResource, { assign: AssignForm, tag: TagForm })}
 *       detail={{ tabs: [{ key: 'base', label: '基本信息', render: (d) => <DeviceInfo device={d} /> }] }}
 *     />
 *   );
 * }
 */
export function ResourceTable<T extends object>({ extraToolbar, detail, tree, ...props }: ResourceTableProps<T>) {
  const showDetail: RowAction<T>[] = detail ? [{ key: '__detail', label: RT.detail, main: true, onClick: (row, list) => list.detail.show(row) }] : [];
  const rowActions = detail ? [...showDetail, ...(props.rowActions ?? [])] : props.rowActions;
  // a phone has no room beside the list: the tree goes above it
  const phone = usePhone();
  const list = (
    <div style={{ flex: 1, minWidth: 0 }}>
      <ListSearchBar />
      <ListToolbar extra={extraToolbar} />
      <ListGrid<T> />
      <ListForm<T> />
      {detail && <DetailDrawer<T> {...detail} />}
    </div>
  );
  return (
    <ResourceList<T> {...props} rowActions={rowActions}>
      {tree ? (
        <Flex gap={12} align={phone ? 'stretch' : 'flex-start'} vertical={phone}>
          <CompanyTreePanel field={tree.field} title={tree.title} width={phone ? '100%' : undefined} />
          {list}
        </Flex>
      ) : (
        list
      )}
    </ResourceList>
  );
}

export default ResourceTable;
export { BulkActions } from './BulkActions';
export { CompanyTreePanel } from './CompanyTreePanel';
export { useResourceListContext } from './context';
export type { ResourceListValue } from './context';
export { bulkActionsFrom, filtersFrom, rowActionsFrom, sortable, titled } from './descriptor';
export { DetailDrawer } from './DetailDrawer';
export { DetailTable } from './DetailTable';
export { RecordDrawer, type RecordDrawerProps } from './RecordDrawer';
export { LineItems } from './LineItems';
export type { LineColumn } from './LineItems';
export { ListForm } from './ListForm';
export { ListGrid } from './ListGrid';
export { ListSearchBar } from './ListSearchBar';
export { ListToolbar } from './ListToolbar';
export type { BulkAction, BulkFormProps, CanDelete, CanEdit, DetailTab, ResourceListProps, RowAction, RowFormProps } from './listTypes';
export { ResourceList } from './ResourceList';
export type { LiveRows } from './useLiveRows';
