import type { FormInstance } from 'antd';
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

/**
 * A filter of the search bar; all but text ones apply as soon as they change, text ones on Enter or 搜索. 'dict'
 * offers the items of a dictionary category, 'company' the company tree of the caller's scope, 'area' a region of
 * the dictionary's area tree.
 */
export interface FilterField {
  /** The query parameter, e.g. 'status'. */
  name: string;
  label: string;
  type: 'select' | 'text' | 'remote' | 'dict' | 'company' | 'area';
  options?: FilterOption[];
  /** For 'remote': where the options come from, e.g. { url: COMPANY_PATH, labelField: 'company_name' }. */
  remote?: Omit<RemoteSelectProps, 'value' | 'onChange'>;
  /** For 'dict': the dictionary category, e.g. 'devicestate'. */
  category?: string;
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
