import type { FormInstance } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType, ReactNode } from 'react';
import type { RemoteSelectProps } from '../RemoteSelect';

/** A row id. */
export type Id = number | string;

/** Filter values as they travel in the URL and to the server. */
export type FilterValues = Record<string, string>;

/** Filters a page always sends (e.g. the box whose machine tools are listed); not in the URL, not reset. */
export type FixedFilters = Record<string, string | number | boolean | undefined>;

/** What a list shows: the state kept in the URL query. */
export interface ListQuery {
  page: number;
  limit: number;
  keywords: string;
  /** Days 'YYYY-MM-DD', sent as start_date / end_date. */
  dateRange: [string, string] | null;
  /** 'field' ascending, '-field' descending; undefined for none. */
  sort: string | undefined;
  filters: FilterValues;
}

export type QueryPatch = Partial<ListQuery>;

export interface FilterOption {
  label: string;
  value: string | number;
}

/** A filter of the search bar; select and remote filters apply as soon as they change, text ones on Enter or 搜索. */
export interface FilterField {
  /** The query parameter, e.g. 'status'. */
  name: string;
  label: string;
  type: 'select' | 'text' | 'remote';
  options?: FilterOption[];
  /** For 'remote': where the options come from, e.g. { url: '/manager/custom', labelField: 'company_name' }. */
  remote?: Omit<RemoteSelectProps, 'value' | 'onChange'>;
  width?: number;
}

/** Per-page switches; every action is on unless set to false (and still needs its permission bit). */
export interface ResourceActions {
  add?: boolean;
  edit?: boolean;
  delete?: boolean;
  export?: boolean;
  import?: boolean;
}

/** What the page's form component receives: render Form.Items, with rules from contracts schemas. */
export interface ResourceFormProps<T> {
  mode: 'add' | 'edit';
  /** The record being edited (as GET P/{id} answered). */
  record?: T;
  form: FormInstance;
}

export interface ResourceTableProps<T extends object> {
  /** The route and API path, e.g. '/system/config'; also the permission menu. */
  resource: string;
  /** The thing's name, used in 新增{title} / 编辑{title} and file names. */
  title?: string;
  /** Columns with `key`s; a sortable column's key is the server's sort field. */
  columns: ColumnsType<T>;
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
  actions?: ResourceActions;
  extraRowActions?: (row: T) => ReactNode;
  /** Buttons added to the toolbar's left group. */
  extraToolbar?: ReactNode;
  defaultSort?: string;
  defaultLimit?: number;
  syncUrl?: boolean;
}
