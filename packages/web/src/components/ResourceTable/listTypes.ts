import type { Action, ResourceDescriptor } from '@gw/contracts';
import type { FormInstance } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType, ReactNode } from 'react';
import type { ResourceListValue } from './context';
import type { LiveRows } from './useLiveRows';
import type { FilterField, FixedFilters, Id, ResourceActions, ResourceFormProps } from './types';

/** A descriptor of any item type: the kit reads its path, labels, filters and capabilities, never its schemas' types. */
export type ListDescriptor = Omit<ResourceDescriptor, 'item'>;

/** A button in a row's 操作 column, after 编辑 and 删除. */
export interface RowAction<T extends object> {
  key: string;
  label: ReactNode;
  /** The permission bit on the list's menu the button needs (hidden without it). */
  permission?: Action;
  /** Whether this row offers the action (e.g. only online boxes); default all rows. */
  visible?: (row: T) => boolean;
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

/** One tab of the detail drawer, drawn from the record as GET {resource}/{id} answered. */
export interface DetailTab<T> {
  key: string;
  label: ReactNode;
  render: (record: T) => ReactNode;
}

/** Where the list's records come from: a path, or a descriptor (path, title, filters, labels, capabilities). */
export type ListSource = { resource: string; descriptor?: ListDescriptor } | { resource?: string; descriptor: ListDescriptor };

/** What `<ResourceList>` is configured with: the list, its permissions, its form and its actions. */
export type ResourceListProps<T extends object> = ListSource & {
  /** The menu whose permission bits apply, when not the resource's path (or the descriptor's `menu`). */
  menu?: string;
  /** The thing's name, used in 新增{title} / 编辑{title} and file names (default: the descriptor's). */
  title?: string;
  /** Columns with `key`s; a sortable column's key is the server's sort field; titles default to the descriptor's labels. */
  columns: ColumnsType<T>;
  /** Default: the descriptor's filters. */
  filters?: FilterField[] | (() => ReactNode);
  fixedFilters?: FixedFilters;
  form?: ComponentType<ResourceFormProps<T>>;
  formMode?: 'modal' | 'drawer';
  formWidth?: number;
  /** Record → form values (e.g. roles [{id, name}] → [id]); default the record itself. */
  toFormValues?: (record: T) => object;
  /** Form values → request body; default the values themselves. */
  toBody?: (values: Record<string, unknown>, record?: T) => object;
  /** Load the record with GET P/{id} before editing (default true); false edits the row as listed. */
  fetchRecord?: boolean;
  rowKey?: string;
  /** Per-page switches; a descriptor's capabilities switch off what the resource cannot do. */
  actions?: ResourceActions;
  rowActions?: RowAction<T>[];
  /** Rendered after the row actions (a page's own buttons). */
  extraRowActions?: (row: T) => ReactNode;
  bulkActions?: BulkAction[];
  canDelete?: CanDelete<T>;
  canEdit?: CanEdit<T>;
  defaultSort?: string;
  defaultLimit?: number;
  syncUrl?: boolean;
  /** Rows patched in place from the live channel's events (是否在线 turning green or grey). */
  live?: LiveRows<T>;
};
