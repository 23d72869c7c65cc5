import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DETAIL_PARAM, type QueryDefaults, parseQuery, serializeQuery } from './query';
import type { ListQuery, QueryPatch } from './types';

export type SetQuery = (patch: QueryPatch | ((query: ListQuery) => QueryPatch)) => void;

/**
 * The list state, kept in the URL query (so a reload or a shared link reopens the same view) or, with
 * `syncUrl: false`, in component state (for a list embedded in a dialog or beside another list).
 */
export function useListQuery(defaults: QueryDefaults, syncUrl: boolean): [ListQuery, SetQuery] {
  const { limit, sort } = defaults;
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState<ListQuery>(() => parseQuery(new URLSearchParams(), { limit, sort }));
  const fromUrl = useMemo(() => parseQuery(searchParams, { limit, sort }), [searchParams, limit, sort]);

  const setQuery = useCallback<SetQuery>(
    (patch) => {
      const next = (query: ListQuery): ListQuery => ({ ...query, ...(typeof patch === 'function' ? patch(query) : patch) });
      if (!syncUrl) return setLocal(next);
      setSearchParams((params) => {
        const query = serializeQuery(next(parseQuery(params, { limit, sort })), { limit, sort });
        // the open detail drawer is not list state, but stays in the link
        const detail = params.get(DETAIL_PARAM);
        if (detail) query.set(DETAIL_PARAM, detail);
        return query;
      });
    },
    [syncUrl, setSearchParams, limit, sort],
  );
  return [syncUrl ? fromUrl : local, setQuery];
}
