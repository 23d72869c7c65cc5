import type { Action } from '@gw/contracts';
import type { FormInstance } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, type ReactNode, createContext, useContext } from 'react';
import type { Allowed } from './Toolbar';
import type { FilterField, Id, ResourceFormProps } from './types';
import type { ColumnSettingsControls } from './useColumnSettings';
import type { useEditor } from './useEditor';
import type { ResourceTableResult } from './useResourceTable';

/**
 * An action in a row's 操作 column, after 编辑 (before it when `main`) and before 删除; a row shows three as
 * buttons and the rest under 更多.
 */
export interface RowAction<T extends object> {
  key: string;
  label: ReactNode;
  /** What people mostly open a row for (详情): it leads the row's buttons and is the one a phone's card shows. */
  main?: boolean;
  /** The permission bit on the list's menu the button needs (hidden without it). */
  permission?: Action;
  /** Whether this row offers the action (e.g. only online boxes); default all rows. */
  visible?: (row: T) => boolean;
  /**
   * Why this row cannot take the action though it offers it (远程访问 on a box without a VPN licence): the button
   * shows disabled with the reason as its tooltip, so the user learns what is missing instead of missing a button.
   */
  refused?: (row: T) => string | undefined;
  /** Asked in a confirmation before `onClick` runs. */
  confirm?: string;
  /**
   * Asked in a dialog (titled by the label) before `onClick` runs, which receives its values; the dialog stays
   * open while a returned promise is pending and when it rejects (e.g. 吊销 asks 吊销原因).
   */
  form?: ComponentType<RowFormProps<T>>;
  danger?: boolean;
  /**
   * What it does, with the list around it (e.g. `list.runRow('secret', row.id)`, `list.detail.show(row)`) and the
   * values of its form if it has one; the button shows as loading until a returned promise settles.
   */
  onClick: (row: T, list: ResourceListValue<T>, values?: Record<string, unknown>) => unknown;
}

/** What a row action's form receives: Form.Items for the body sent for that row. */
export interface RowFormProps<T> {
  form: FormInstance;
  row: T;
}

/** What a bulk action's form receives: Form.Items for the body sent besides `ids`. */
export interface BulkFormProps {
  form: FormInstance;
  /** The selected ids. */
  ids: Id[];
}

/**
 * A toolbar button acting on the selected rows. Without `onClick` it sends `POST {resource}/{name ?? key}` with
 * `{ids, ...values}`, where the values come from `form` (asked in a dialog first) if there is one, and refreshes.
 */
export interface BulkAction {
  key: string;
  /**
   * The declared action it sends, when not `key`: two buttons may send one action with different bodies (打标签
   * and 移除标签 both send `tag`, with mode add or remove).
   */
  name?: string;
  label: ReactNode;
  /** The permission bit on the list's menu the button needs (hidden without it). */
  permission?: Action;
  icon?: ReactNode;
  danger?: boolean;
  /** Asked before sending (without a form), e.g. count => `确定重置选中的 ${count} 台设备?`. */
  confirm?: string | ((count: number) => string);
  form?: ComponentType<BulkFormProps>;
  /** Does it all itself instead (e.g. opens a page's own dialog), with the list around it. */
  onClick?: (ids: Id[], list: ResourceListValue) => unknown;
}

/**
 * Whether a row can be deleted: true, false (删除 left out), or the reason it cannot (删除 disabled, the reason as its
 * tooltip), e.g. row => row.machine_count ? `设备下还有 ${row.machine_count} 台机床` : true.
 */
export type CanDelete<T> = (row: T) => boolean | string;

/** Whether a row can be edited: false leaves its 编辑 out (e.g. an order once confirmed). */
export type CanEdit<T> = (row: T) => boolean;

/** What every piece of a list reads: the list controller plus the page's permissions, form, columns and actions. */
export interface ResourceListValue<T extends object = object> extends ResourceTableResult<T> {
  /** The API path. */
  resource: string;
  /** The menu whose permission bits apply. */
  menu: string;
  title: string;
  /** The add and edit dialogs' titles (新增用户, 编辑用户): the descriptor's, or the page's `title` when it gives one. */
  dialogTitles: { add: string; edit: string };
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
  columns: ColumnSettingsControls & { visibleColumns: ColumnsType<T>; keyColumn?: string };
  /** The fields a phone's card shows under the key column (else the next columns shown). */
  cardFields?: readonly string[];
  /** What an empty list says belongs in it. */
  emptyText: string;
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
  /** What 删除 asks (the kit's words unless the page says). */
  deleteConfirm?: string;
  /** Why 新增 is disabled now, if it is. */
  addRefused?: string;
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
