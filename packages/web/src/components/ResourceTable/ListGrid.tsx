import { Table, type TableProps } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { plainText } from '../../utils/format';
import { useResourceListContext } from './context';
import { ListCards } from './ListCards';
import { ListEmpty } from './ListEmpty';
import { actionsColumn, withSortOrder } from './listColumns';
import { usePhone } from './usePhone';

const MEASURE_FOCUSABLE = ['input', 'button', 'a[href]', '[tabindex]'].map((what) => `.ant-table-measure-row ${what}`).join(', ');

/**
 * antd measures column widths in a hidden copy of the header row (a table that scrolls sideways has one), select-all
 * checkbox included: hidden from sight and screen readers, it still took a Tab stop. Kept out of the tab order.
 */
function useUnfocusableMeasureRow() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const apply = () =>
      root.querySelectorAll<HTMLElement>(MEASURE_FOCUSABLE).forEach((element) => {
        if (element.tabIndex !== -1) element.tabIndex = -1;
      });
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * The table of the list around it: the key column fixed at the left, the visible columns in the chosen order with
 * the sort shown, the 操作 column (at most three buttons, the rest under 更多) and row selection while something
 * acts on it; an empty list says what belongs there. On a phone the rows are cards instead. Table props given here
 * win (e.g. `expandable`).
 */
export function ListGrid<T extends object>(props: Omit<TableProps<T>, 'columns' | 'dataSource'>) {
  const list = useResourceListContext<T>();
  const phone = usePhone();
  const ref = useUnfocusableMeasureRow();
  const { allowed, editor } = list;
  const { visibleColumns, keyColumn } = list.columns;
  const { sort } = list.query;
  const shown = useMemo(() => withSortOrder(visibleColumns, sort), [visibleColumns, sort]);
  const nameOf = (row: T) => plainText((row as Record<string, unknown>)[keyColumn ?? list.rowKey]);
  const options = {
    rowKey: list.rowKey,
    onEdit: allowed.edit ? (row: T) => void editor.openEdit(row) : undefined,
    loadingId: editor.loadingId,
    onDelete: allowed.delete ? list.remove : undefined,
    canDelete: list.canDelete,
    canEdit: list.canEdit,
    deleteConfirm: list.deleteConfirm,
    actions: list.rowActions,
    extra: list.extraRowActions,
    nameOf,
  };
  const selectable = allowed.delete || list.bulkActions.length > 0;
  if (phone) return <ListCards<T> columns={shown} actions={options} selectable={selectable} nameOf={nameOf} />;
  const actions = actionsColumn<T>(options);
  return (
    <div ref={ref}>
      <Table<T>
        {...list.tableProps}
        columns={actions ? [...shown, actions] : shown}
        rowSelection={selectable ? list.rowSelection : undefined}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <ListEmpty /> }}
        {...props}
      />
    </div>
  );
}
