import type { ListPresentation, LiveEventType, ResourceDescriptor } from '@gw/contracts';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType, ReactNode } from 'react';
import type { LiveRows } from './useLiveRows';
import type { FilterField, FixedFilters, ResourceActions, ResourceFormProps } from './types';

/** A descriptor of any item type: the kit reads its path, labels, filters and capabilities, never its schemas' types. */
export type ListDescriptor = Omit<ResourceDescriptor, 'item'>;
export type { BulkAction, BulkFormProps, CanDelete, CanEdit, RowAction, RowFormProps } from './context';
import type { BulkAction, CanDelete, CanEdit, RowAction } from './context';
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
  /** Its key column, a phone's card, columns off by default and its empty text, over the descriptor's `list`. */
  presentation?: ListPresentation;
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
  /** What 删除 asks before a row goes, when deleting does more than remove a record (a client loses its access). */
  deleteConfirm?: string;
  /**
   * Why 新增 cannot be used now though the user may add (the platform lacks a setting the server needs): the
   * button shows disabled with the reason as its tooltip.
   */
  addRefused?: string;
  defaultSort?: string;
  defaultLimit?: number;
  syncUrl?: boolean;
  /** Rows patched in place from the live channel's events (是否在线 turning green or grey). */
  live?: LiveRows<T>;
  /**
   * Live events after which the list is read again (at most every 2 s): for rows whose change touches several
   * fields the event does not carry (a remote session approved gets its start and expiry).
   */
  liveRefetch?: readonly LiveEventType[];
};
