import { Button, Space } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { CanDelete, CanEdit, RowAction } from './listTypes';
import { RT } from './messages';
import { sortOrderOf } from './query';
import { DeleteButton, RowActionButton } from './RowButtons';
import type { Id } from './types';

/** Shows the list's sort in the headers (also after a reload), as the server sorted it. */
export function withSortOrder<T>(columns: ColumnsType<T>, sort: string | undefined): ColumnsType<T> {
  return columns.map((column) => (column.sorter ? { ...column, sortOrder: sortOrderOf(sort, column.key) } : column));
}

interface RowActionOptions<T extends object> {
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
  /** Buttons after 删除 (already limited to the user's permissions); each row shows those `visible` for it. */
  actions?: RowAction<T>[];
  extra?: (row: T) => ReactNode;
}

/**
 * The 操作 column: 编辑 (as `canEdit` allows), 删除 behind a confirmation (as `canDelete` allows), the row actions, then the page's own
 * buttons; null when there are none.
 */
export function actionsColumn<T extends object>({ rowKey, onEdit, loadingId, onDelete, canDelete, canEdit, actions = [], extra }: RowActionOptions<T>): ColumnType<T> | null {
  if (!onEdit && !onDelete && !actions.length && !extra) return null;
  return {
    key: '__actions',
    title: RT.actions,
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const id = (row as Record<string, unknown>)[rowKey] as Id;
      const deletable = onDelete ? (canDelete?.(row) ?? true) : false;
      return (
        <Space size={0}>
          {onEdit && (canEdit?.(row) ?? true) && (
            <Button type="link" size="small" loading={loadingId === id} onClick={() => onEdit(row)}>
              {RT.edit}
            </Button>
          )}
          {onDelete && deletable !== false && <DeleteButton onDelete={() => onDelete(id)} refused={typeof deletable === 'string' ? deletable : undefined} />}
          {actions
            .filter((action) => action.visible?.(row) ?? true)
            .map((action) => (
              <RowActionButton key={action.key} action={action} row={row} />
            ))}
          {extra?.(row)}
        </Space>
      );
    },
  };
}
