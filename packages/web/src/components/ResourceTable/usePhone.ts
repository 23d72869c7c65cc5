import { useSyncExternalStore } from 'react';

/** Below this width a list turns into cards and its filters into a drawer: a table's columns no longer fit. */
export const PHONE_MAX_PX = 767;
const QUERY = `(max-width: ${PHONE_MAX_PX}px)`;

function subscribe(notify: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', notify);
  return () => media.removeEventListener('change', notify);
}
const snapshot = () => window.matchMedia(QUERY).matches;

/** Whether the window is phone-wide (≤ 767 px), following it as it turns or resizes. */
export const usePhone = () => useSyncExternalStore(subscribe, snapshot, () => false);
