import type { ReactNode } from 'react';
import { BulkActions } from './BulkActions';
import { useResourceListContext } from './context';
import { RT } from './messages';
import { Toolbar } from './Toolbar';

/** Why the selection cannot be deleted: the first reason a selected row of this page gives, if one cannot go. */
function refusal<T extends object>(rows: T[], selected: ReadonlySet<unknown>, idOf: (row: T) => unknown, canDelete?: (row: T) => boolean | string) {
  if (!canDelete) return undefined;
  for (const row of rows) {
    if (!selected.has(idOf(row))) continue;
    const verdict = canDelete(row);
    if (verdict !== true) return typeof verdict === 'string' && verdict ? verdict : RT.someUndeletable;
  }
  return undefined;
}

/** The toolbar of the list around it: 新增, 批量删除, 导出, 导入, the bulk actions and `extra`, then 自动刷新, 刷新, 列设置. */
export function ListToolbar<T extends object>({ extra }: { extra?: ReactNode }) {
  const list = useResourceListContext<T>();
  const refused = refusal(list.rows, new Set(list.selectedIds), list.idOf, list.canDelete);
  return (
    <Toolbar
      resource={list.resource}
      title={list.title}
      allowed={list.allowed}
      onAdd={list.editor.openAdd}
      selectedCount={list.selectedIds.length}
      onBulkDelete={() => list.removeMany(list.selectedIds)}
      bulkDeleteRefused={refused}
      filters={list.filters}
      onRefresh={list.refetch}
      autoRefresh={list.autoRefresh}
      setAutoRefresh={list.setAutoRefresh}
      columns={list.columns}
      extra={
        <>
          <BulkActions />
          {extra}
        </>
      }
    />
  );
}
