import type { Action } from '@gw/contracts';
import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, type ReactNode, createContext, useContext } from 'react';
import type { BulkAction, CanDelete, CanEdit, RowAction } from './listTypes';
import type { Allowed } from './Toolbar';
import type { FilterField, Id, ResourceFormProps } from './types';
import type { ColumnSettingsControls } from './useColumnSettings';
import type { useEditor } from './useEditor';
import type { ResourceTableResult } from './useResourceTable';

/** What every piece of a list reads: the list controller plus the page's permissions, form, columns and actions. */
export interface ResourceListValue<T extends object = object> extends ResourceTableResult<T> {
  /** The API path. */
  resource: string;
  /** The menu whose permission bits apply. */
  menu: string;
  title: string;
  rowKey: string;
  idOf: (row: T) => Id;
  /** The user's permission bit on the list's menu. */
  can: (action: Action) => boolean;
  /** The built-in buttons shown: permitted, possible for the resource and not switched off by the page. */
  allowed: Allowed;
  editor: ReturnType<typeof useEditor<T>>;
  form?: ComponentType<ResourceFormProps<T>>;
  formMode: 'modal' | 'drawer';
  formWidth?: number;
  columns: ColumnSettingsControls & { visibleColumns: ColumnsType<T> };
  /** The search bar's filters. */
  filterFields?: FilterField[] | (() => ReactNode);
  /** Whether the list has a date range to narrow by. */
  dateRange: boolean;
  /** What keywords search. */
  keywordsHint?: string;
  selectedIds: Id[];
  /** The page's row actions the user may use. */
  rowActions: RowAction<T>[];
  extraRowActions?: (row: T) => ReactNode;
  /** The page's bulk actions the user may use. */
  bulkActions: BulkAction[];
  canDelete?: CanDelete<T>;
  canEdit?: CanEdit<T>;
  /** `POST {resource}/{name}` with `{ids, ...body}`, says the server's message, clears the selection and refreshes. */
  runBulk: (name: string, ids: Id[], body?: object) => Promise<unknown>;
  /** `POST {resource}/{id}/{name}`, says the server's message and refreshes; resolves to the answer's data. */
  runRow: (name: string, id: Id, body?: object) => Promise<unknown>;
  /** The detail drawer: whether it is open and on which record (the URL's `?detail=<id>` unless syncUrl is false). */
  detail: { id: Id | null; open: boolean; show: (row: T) => void; close: () => void };
}

export const ResourceListContext = createContext<ResourceListValue<object> | null>(null);

/** The list around this piece; throws outside `<ResourceList>`. */
export function useResourceListContext<T extends object>(): ResourceListValue<T> {
  const value = useContext(ResourceListContext);
  if (!value) throw new Error('useResourceListContext: no <ResourceList> around this component');
  return value as unknown as ResourceListValue<T>;
}
