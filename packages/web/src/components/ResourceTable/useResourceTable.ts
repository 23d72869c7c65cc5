import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { toast } from '../../utils/notify';
import { resourceApi } from './api';
import { RT } from './messages';
import { sortOf, toFilters, toParams } from './query';
import type { FixedFilters, Id, ListQuery } from './types';
import { type SetQuery, useListQuery } from './useListQuery';
import { type LiveRows, useLiveRows } from './useLiveRows';

export const AUTO_REFRESH_MS = 10_000;

/** The react-query key prefix of everything cached for a resource (invalidate it after a change elsewhere). */
export const resourceKey = (resource: string) => ['resource', resource] as const;

export interface UseResourceTableOptions<T = never> {
  /** API and route path, e.g. '/system/config'. */
  resource: string;
  /** Filters sent with every request and export, not shown in the URL and not reset (e.g. { device_id: 5 }). */
  filters?: FixedFilters;
  /** 'field' or '-field' when the URL names none. */
  defaultSort?: string;
  defaultLimit?: number;
  /** Keep the state in the URL query (default); false keeps it in component state. */
  syncUrl?: boolean;
  rowKey?: string;
  /** Rows patched in place from the live channel (是否在线, a job's progress) without refetching. */
  live?: LiveRows<T>;
}

export interface ResourceTableResult<T> {
  rows: T[];
  total: number;
  loading: boolean;
  refetch: () => void;
  query: ListQuery;
  /** Merges a patch into the state (and the URL); reset `page` to 1 yourself when narrowing. */
  setQuery: SetQuery;
  /** Back to the first page without keywords, dates or filters, in the default sort. */
  reset: () => void;
  /** The current narrowing without paging, as sent to POST P/export. */
  filters: Record<string, unknown>;
  tableProps: Pick<TableProps<T>, 'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
  rowSelection: { selectedRowKeys: Key[]; onChange: (keys: Key[]) => void };
  autoRefresh: boolean;
  setAutoRefresh: (on: boolean) => void;
  /** Whether a create, update or delete is under way. */
  saving: boolean;
  create: (values: object) => Promise<T>;
  update: (id: Id, values: object) => Promise<T>;
  remove: (id: Id) => Promise<void>;
  removeMany: (ids: Id[]) => Promise<void>;
}

/**
 * The headless list controller of a resource: page, limit, keywords, date range, sort and filters (the query every
 * list route takes) kept in the URL; the list fetched with react-query; create/update/delete that refresh the list
 * and say so (新增成功 / 保存成功 / 删除成功); row selection; auto-refresh every 10 s while switched on.
 *
 * @example
 * function ConfigList() {
 *   const { tableProps, rowSelection, setQuery, removeMany } = useResourceTable<Config>({ resource: '/system/config', defaultSort: '-id' });
 *   return (
 *     <>
 *       <Input.Search onSearch={(keywords) => setQuery({ keywords, page: 1 })} />
 *       <Button onClick={() => void removeMany(rowSelection.selectedRowKeys as number[])}>批量删除</Button>
 *       <Table {...tableProps} rowSelection={rowSelection} columns={configColumns} />
 *     </>
 *   );
 * }
 */
export function useResourceTable<T extends object = Record<string, unknown>>(options: UseResourceTableOptions<T>): ResourceTableResult<T> {
  const { resource, filters: fixed, defaultSort, defaultLimit = 20, syncUrl = true, rowKey = 'id' } = options;
  const [query, setQuery] = useListQuery({ limit: defaultLimit, sort: defaultSort }, syncUrl);
  const api = useMemo(() => resourceApi<T>(resource), [resource]);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);
  const params = toParams(query, fixed);

  const list = useQuery({
    queryKey: [...resourceKey(resource), 'list', params],
    queryFn: () => api.list(params),
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
  });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  useLiveRows<T>(resource, rowKey, options.live);
  const total = list.data?.total ?? 0;

  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(resource) }),
  });
  const run = <R>(fn: () => Promise<R>, done: string) =>
    mutation.mutateAsync(fn).then((result) => {
      toast.success(done);
      return result as R;
    });
  // deleting the whole last page shows the one before it rather than an empty page
  const afterDelete = (ids: Id[]) => {
    setSelectedRowKeys((keys) => keys.filter((key) => !ids.includes(key as Id)));
    if (query.page > 1 && ids.length >= rows.length) setQuery((q) => ({ page: Math.max(1, q.page - 1) }));
  };

  const loading = list.isPending || (list.isFetching && list.isPlaceholderData);
  return {
    rows,
    total,
    loading,
    refetch: () => void list.refetch(),
    query,
    setQuery,
    reset: () => setQuery({ page: 1, keywords: '', dateRange: null, filters: {}, sort: defaultSort }),
    filters: toFilters(query, fixed),
    tableProps: {
      rowKey,
      dataSource: rows,
      loading,
      pagination: { current: query.page, pageSize: query.limit, total, showSizeChanger: true, showTotal: (count) => RT.total(count) },
      onChange: (pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') return setQuery({ sort: sortOf(sorter), page: 1 });
        if (extra.action !== 'paginate') return;
        const limit = pagination.pageSize ?? query.limit;
        setQuery({ limit, page: limit === query.limit ? (pagination.current ?? 1) : 1 });
      },
    },
    rowSelection: { selectedRowKeys, onChange: setSelectedRowKeys },
    autoRefresh,
    setAutoRefresh,
    saving: mutation.isPending,
    create: (values) => run(() => api.create(values), RT.created),
    update: (id, values) => run(() => api.update(id, values), RT.saved),
    remove: (id) => run(() => api.remove(id), RT.deleted).then(() => afterDelete([id])),
    removeMany: (ids) => run(() => api.removeMany(ids), RT.deleted).then(() => afterDelete(ids)),
  };
}
