import { Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import { actionsColumn, withSortOrder } from './listColumns';
import { useResourceListContext } from './context';

/**
 * The table of the list around it: the visible columns in the chosen order with the sort shown, the 操作 column
 * (编辑, 删除 as `canDelete` allows, row actions, the page's buttons) and row selection while something acts on it.
 * Table props given here win (e.g. `expandable`).
 */
export function ListGrid<T extends object>(props: Omit<TableProps<T>, 'columns' | 'dataSource'>) {
  const list = useResourceListContext<T>();
  const { allowed, editor } = list;
  const { visibleColumns } = list.columns;
  const { sort } = list.query;
  const shown = useMemo(() => withSortOrder(visibleColumns, sort), [visibleColumns, sort]);
  const actions = actionsColumn<T>({
    rowKey: list.rowKey,
    onEdit: allowed.edit ? (row) => void editor.openEdit(row) : undefined,
    loadingId: editor.loadingId,
    onDelete: allowed.delete ? list.remove : undefined,
    canDelete: list.canDelete,
    canEdit: list.canEdit,
    actions: list.rowActions,
    extra: list.extraRowActions,
  });
  const selectable = allowed.delete || list.bulkActions.length > 0;
  return (
    <Table<T>
      {...list.tableProps}
      columns={actions ? [...shown, actions] : shown}
      rowSelection={selectable ? list.rowSelection : undefined}
      scroll={{ x: 'max-content' }}
      {...props}
    />
  );
}
