import { useCallback, useEffect, useRef, useState } from 'react';
import { REMOTE_LIMIT, REMOTE_LIMIT_STEP } from '../../settings';
import { request } from '../../utils/request';

export interface RemoteSource {
  /** List endpoint: a resource's path from the contracts, e.g. GOODS_PATH. */
  url: string;
  /** Query parameter carrying the typed keyword (default 'keywords'). */
  keywordParam?: string;
  /** Further query parameters sent with every call. */
  params?: Record<string, unknown>;
  /** Where the list sits in the answer, dotted for nested ones (default 'data'). */
  listField?: string;
  /** First page size (default 100); each load-more adds 10. */
  limit?: number;
  /** Quiet time after typing before searching, ms (default 300). */
  debounce?: number;
}

export type RemoteItem = Record<string, unknown>;

function pick(body: unknown, path: string): RemoteItem[] {
  const found = path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), body);
  return Array.isArray(found) ? (found as RemoteItem[]) : [];
}

/**
 * Remote option lists for the select and cascader widgets: GET `url` with the keyword, the extra params
 * and `limit` (100, then +10 per load-more), through the console's request client (TOKEN header).
 *
 * @example const { items, loading, hasMore, search, loadMore } = useRemoteOptions({ url: COMPANY_PATH });
 */
export function useRemoteOptions(source: RemoteSource) {
  const { url, keywordParam = 'keywords', params, listField = 'data', limit: firstLimit = REMOTE_LIMIT, debounce = 300 } = source;
  const [keyword, setKeyword] = useState('');
  const [limit, setLimit] = useState(firstLimit);
  const [result, setResult] = useState<{ key: string; items: RemoteItem[]; total?: number }>({ key: '', items: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const paramsKey = JSON.stringify(params ?? {});
  const key = JSON.stringify([url, paramsKey, keywordParam, listField, keyword, limit]);

  useEffect(() => {
    let live = true;
    const query = { ...(JSON.parse(paramsKey) as Record<string, unknown>), [keywordParam]: keyword || undefined, limit };
    request({ url, params: query })
      .then((body) => {
        if (live) setResult({ key, items: pick(body, listField), total: typeof body.count === 'number' ? body.count : undefined });
      })
      .catch(() => {
        // the request client has already shown the error; keep the list empty
        if (live) setResult({ key, items: [] });
      });
    return () => {
      live = false;
    };
  }, [key, url, paramsKey, keywordParam, listField, keyword, limit]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setKeyword(text.trim());
        setLimit(firstLimit);
      }, debounce);
    },
    [debounce, firstLimit],
  );
  const loading = result.key !== key;
  const items = result.items;
  const hasMore = result.total !== undefined ? items.length < result.total : items.length >= limit;
  const loadMore = useCallback(() => {
    if (!loading && hasMore) setLimit((n) => n + REMOTE_LIMIT_STEP);
  }, [loading, hasMore]);

  return { items, loading, hasMore, keyword, limit, search, loadMore };
}
