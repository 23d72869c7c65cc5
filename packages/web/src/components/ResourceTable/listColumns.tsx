import { Space } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import { type ReactNode, useContext } from 'react';
import { ResourceListContext, type ResourceListValue } from './context';
import type { CanDelete, CanEdit, RowAction } from './listTypes';
import { RT } from './messages';
import { sortOrderOf } from './query';
import { MoreActions, type RowItem, RowItemButton } from './RowButtons';
import type { Id } from './types';

/** Shows the list's sort in the headers (also after a reload), as the server sorted it. */
export function withSortOrder<T>(columns: ColumnsType<T>, sort: string | undefined): ColumnsType<T> {
  return columns.map((column) => (column.sorter ? { ...column, sortOrder: sortOrderOf(sort, column.key) } : column));
}

/** A row shows this many of its actions as buttons; the others wait under 更多, so rows stay short and alike. */
export const SHOWN_ROW_ACTIONS = 3;

export interface RowActionOptions<T extends object> {
  rowKey: string;
  /** undefined hides 编辑. */
  onEdit?: (row: T) => void;
  /** The row whose record is being loaded for editing. */
  loadingId: Id | null;
  /** undefined hides 删除. */
  onDelete?: (id: Id) => Promise<void>;
  /** Which rows may go: false leaves 删除 out, a reason disables it with the reason as tooltip. */
  canDelete?: CanDelete<T>;
  /** Which rows may be edited: false leaves 编辑 out. */
  canEdit?: CanEdit<T>;
  /** What 删除 asks, when not the kit's words. */
  deleteConfirm?: string;
  /** The row actions (already limited to the user's permissions); each row offers those `visible` for it. */
  actions?: RowAction<T>[];
  extra?: (row: T) => ReactNode;
  /** What names a row for screen readers (its 更多 button says whose actions it holds). */
  nameOf?: (row: T) => string;
}

/**
 * A row's entries in their order: the actions marked `main` (详情), 编辑, the other actions, then 删除 last — the
 * first `SHOWN_ROW_ACTIONS` are the row's buttons, the rest go under 更多.
 */
export function rowItemsOf<T extends object>(row: T, options: RowActionOptions<T>, list: ResourceListValue<T> | null): RowItem[] {
  const { rowKey, onEdit, loadingId, onDelete, canDelete, canEdit, deleteConfirm = RT.confirmDelete, actions = [] } = options;
  const id = (row as Record<string, unknown>)[rowKey] as Id;
  const itemOf = (action: RowAction<T>): RowItem => {
    const Fields = action.form;
    return {
      key: action.key,
      label: action.label,
      danger: action.danger,
      confirm: action.confirm,
      refused: action.refused?.(row),
      fields: Fields && ((form) => <Fields form={form} row={row} />),
      run: (values) => (values === undefined ? action.onClick(row, list!) : action.onClick(row, list!, values)),
    };
  };
  const offered = actions.filter((action) => action.visible?.(row) ?? true);
  const items: RowItem[] = offered.filter((action) => action.main).map(itemOf);
  if (onEdit && (canEdit?.(row) ?? true)) items.push({ key: '__edit', label: RT.edit, loading: loadingId === id, run: () => onEdit(row) });
  items.push(...offered.filter((action) => !action.main).map(itemOf));
  const deletable = onDelete ? (canDelete?.(row) ?? true) : false;
  if (onDelete && deletable !== false) {
    items.push({ key: '__delete', label: RT.delete, danger: true, confirm: deleteConfirm, refused: typeof deletable === 'string' ? deletable : undefined, run: () => onDelete(id) });
  }
  return items;
}

/** The row's first entries as buttons, the rest under 更多. */
export function splitRowItems(items: RowItem[], shown = SHOWN_ROW_ACTIONS): [RowItem[], RowItem[]] {
  return items.length <= shown ? [items, []] : [items.slice(0, shown), items.slice(shown)];
}

function RowActions<T extends object>({ row, options }: { row: T; options: RowActionOptions<T> }) {
  const list = useContext(ResourceListContext) as unknown as ResourceListValue<T> | null;
  const [shown, more] = splitRowItems(rowItemsOf(row, options, list));
  return (
    <Space size={0}>
      {shown.map((item) => (
        <RowItemButton key={item.key} item={item} />
      ))}
      {more.length > 0 && <MoreActions items={more} name={options.nameOf?.(row)} />}
      {options.extra?.(row)}
    </Space>
  );
}

/**
 * The 操作 column: the actions marked main, 编辑 (as `canEdit` allows), the other row actions, 删除 behind a
 * confirmation (as `canDelete` allows) — at most three as buttons, the rest under 更多 — then the page's own
 * buttons; null when there are none.
 */
export function actionsColumn<T extends object>(options: RowActionOptions<T>): ColumnType<T> | null {
  const { onEdit, onDelete, actions = [], extra } = options;
  if (!onEdit && !onDelete && !actions.length && !extra) return null;
  return {
    key: '__actions',
    title: RT.actions,
    fixed: 'right',
    render: (_: unknown, row: T) => <RowActions row={row} options={options} />,
  };
}
