import type { SorterResult } from 'antd/es/table/interface';
import type { Key } from 'react';
import type { FilterValues, FixedFilters, ListQuery } from './types';

/** The URL parameter naming the record open in the list's detail drawer (`?detail=5`): a link opens it. */
export const DETAIL_PARAM = 'detail';

/** Query parameters the list owns; any other parameter of the page's URL is a filter. */
const OWN = new Set(['page', 'limit', 'keywords', 'start_date', 'end_date', 'sort', DETAIL_PARAM]);

export interface QueryDefaults {
  limit: number;
  sort?: string;
}

const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The list state a URL query describes; what it leaves out takes the defaults. */
export function parseQuery(params: URLSearchParams, defaults: QueryDefaults): ListQuery {
  const start = params.get('start_date');
  const end = params.get('end_date');
  const filters: FilterValues = {};
  params.forEach((value, key) => {
    if (!OWN.has(key) && value !== '') filters[key] = value;
  });
  return {
    page: positive(params.get('page'), 1),
    limit: positive(params.get('limit'), defaults.limit),
    keywords: params.get('keywords') ?? '',
    dateRange: start && end ? [start, end] : null,
    // an empty sort means "none" even where the page has a default sort
    sort: params.has('sort') ? params.get('sort') || undefined : defaults.sort,
    filters,
  };
}

/** The URL query of a list state (parseQuery's inverse); defaults are left out to keep links short. */
export function serializeQuery(query: ListQuery, defaults: QueryDefaults): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.limit !== defaults.limit) params.set('limit', String(query.limit));
  if (query.keywords) params.set('keywords', query.keywords);
  if (query.dateRange) {
    params.set('start_date', query.dateRange[0]);
    params.set('end_date', query.dateRange[1]);
  }
  if (query.sort !== defaults.sort) params.set('sort', query.sort ?? '');
  for (const [key, value] of Object.entries(query.filters)) if (value !== '') params.set(key, value);
  return params;
}

/** The filters of an export: everything the list is narrowed by, without paging. */
export function toFilters(query: ListQuery, fixed: FixedFilters = {}): Record<string, unknown> {
  const filters: Record<string, unknown> = { ...fixed, ...query.filters };
  if (query.keywords) filters.keywords = query.keywords;
  if (query.dateRange) [filters.start_date, filters.end_date] = query.dateRange;
  if (query.sort) filters.sort = query.sort;
  return filters;
}

/** The GET parameters of a list request. */
export function toParams(query: ListQuery, fixed?: FixedFilters): Record<string, unknown> {
  return { page: query.page, limit: query.limit, ...toFilters(query, fixed) };
}

/** antd's sorter → 'field' / '-field' (the column key names the field), undefined when cleared. */
export function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one?.order) return undefined;
  const field = one.columnKey ?? (Array.isArray(one.field) ? one.field.join('.') : one.field);
  if (field === undefined) return undefined;
  return one.order === 'descend' ? `-${String(field)}` : String(field);
}

/** The header arrow of column `key` under `sort`. */
export function sortOrderOf(sort: string | undefined, key: Key | undefined): 'ascend' | 'descend' | null {
  if (!sort || key === undefined) return null;
  if (sort === String(key)) return 'ascend';
  return sort === `-${String(key)}` ? 'descend' : null;
}
