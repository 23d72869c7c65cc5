import { Button, Popconfirm, Space } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { RT } from './messages';
import { sortOrderOf } from './query';
import type { Id } from './types';

/** Shows the list's sort in the headers (also after a reload), as the server sorted it. */
export function withSortOrder<T>(columns: ColumnsType<T>, sort: string | undefined): ColumnsType<T> {
  return columns.map((column) => (column.sorter ? { ...column, sortOrder: sortOrderOf(sort, column.key) } : column));
}

interface RowActionOptions<T> {
  rowKey: string;
  /** undefined hides 编辑. */
  onEdit?: (row: T) => void;
  /** The row whose record is being loaded for editing. */
  loadingId: Id | null;
  /** undefined hides 删除. */
  onDelete?: (id: Id) => Promise<void>;
  extra?: (row: T) => ReactNode;
}

/** The 操作 column: 编辑, 删除 behind a confirmation, then the page's own actions; null when there are none. */
export function actionsColumn<T extends object>({ rowKey, onEdit, loadingId, onDelete, extra }: RowActionOptions<T>): ColumnType<T> | null {
  if (!onEdit && !onDelete && !extra) return null;
  return {
    key: '__actions',
    title: RT.actions,
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const id = (row as Record<string, unknown>)[rowKey] as Id;
      return (
        <Space size={0}>
          {onEdit && (
            <Button type="link" size="small" loading={loadingId === id} onClick={() => onEdit(row)}>
              {RT.edit}
            </Button>
          )}
          {onDelete && (
            <Popconfirm title={RT.confirmDelete} okText={RT.ok} cancelText={RT.cancel} okButtonProps={{ danger: true }} onConfirm={() => void onDelete(id).catch(() => undefined)}>
              <Button type="link" size="small" danger>
                {RT.delete}
              </Button>
            </Popconfirm>
          )}
          {extra?.(row)}
        </Space>
      );
    },
  };
}
