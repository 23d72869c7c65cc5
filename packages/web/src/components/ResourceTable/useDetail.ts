import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DETAIL_PARAM } from './query';
import type { Id } from './types';

export interface DetailState {
  /** The record shown; it stays while the drawer closes, so the content does not vanish under the animation. */
  id: Id | null;
  open: boolean;
  show: (id: Id) => void;
  close: () => void;
}

/** A numeric id as a number (rows' ids are numbers: one cache entry per record), any other as it is. */
const idOf = (text: string): Id => (/^\d+$/.test(text) ? Number(text) : text);

/**
 * Which record the list's detail drawer shows. With `syncUrl` it is the URL's `?detail=<id>`, so a link (a box's
 * short link leads to /custom/device/device?detail=5) opens the drawer on it, whether or not the row is on the
 * page (the drawer reads GET {resource}/{id}); closing removes the parameter. The URL is replaced, not pushed:
 * 返回 leaves the page as before. Without `syncUrl` (a list inside a dialog) it is component state.
 */
export function useDetail(syncUrl = true): DetailState {
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState<{ id: Id | null; open: boolean }>({ id: null, open: false });
  const param = syncUrl ? searchParams.get(DETAIL_PARAM) : null;
  const open = syncUrl ? !!param : local.open;
  const id = param ? idOf(param) : local.id;

  const setParam = (value: Id | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === null) next.delete(DETAIL_PARAM);
        else next.set(DETAIL_PARAM, String(value));
        return next;
      },
      { replace: true },
    );
  return {
    id,
    open,
    show: (shown) => {
      setLocal({ id: shown, open: true });
      if (syncUrl) setParam(shown);
    },
    close: () => {
      setLocal({ id, open: false });
      if (syncUrl) setParam(null);
    },
  };
}
