import type { ReactNode } from 'react';
import { useResourceListContext } from './context';
import { SelectionBar } from './SelectionBar';
import { Toolbar } from './Toolbar';

/**
 * The toolbar of the list around it: 新增, 导出, 导入 and `extra`, then 自动刷新, 刷新, 列设置; while rows are selected,
 * the selection bar (已选 N 项, the bulk actions, 批量删除, 取消选择) in its place.
 */
export function ListToolbar<T extends object>({ extra }: { extra?: ReactNode }) {
  const list = useResourceListContext<T>();
  if (list.selectedIds.length) return <SelectionBar<T> />;
  return (
    <Toolbar
      resource={list.resource}
      title={list.title}
      allowed={list.allowed}
      addRefused={list.addRefused}
      onAdd={list.editor.openAdd}
      filters={list.filters}
      onRefresh={list.refetch}
      autoRefresh={list.autoRefresh}
      setAutoRefresh={list.setAutoRefresh}
      columns={list.columns}
      extra={extra}
    />
  );
}
