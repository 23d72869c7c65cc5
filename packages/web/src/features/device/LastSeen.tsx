import { Tooltip } from 'antd';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useSyncExternalStore } from 'react';
import dayjs from '../../utils/dayjs';
import { parseTime } from '../../utils/format';

dayjs.extend(relativeTime);

/** How long ago, in Chinese (3 分钟前, 2 天前); '' for no time. A time past `now` (a clock a tick behind) is 几秒前. */
export function timeAgo(time: string | null | undefined, now: number = Date.now()): string {
  if (!time) return '';
  const at = dayjs(time);
  return at.from(dayjs(Math.max(now, at.valueOf())));
}

/** One clock for every 最后在线 cell on the page, ticking each minute while any is shown, so '3 分钟前' stays true. */
const TICK_MS = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((notify) => notify());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
/** Between ticks the time stands; with no clock running (first render) it is taken afresh, stable for a second. */
function snapshot() {
  if (!timer && Date.now() - now > 1000) now = Date.now();
  return now;
}
const useMinuteClock = () => useSyncExternalStore(subscribe, snapshot);

/** 最后在线: how long ago the box was last heard from, the exact time in the tooltip. */
export function LastSeen({ at }: { at: string | null }) {
  const clock = useMinuteClock();
  if (!at) return null;
  return (
    <Tooltip title={parseTime(at)}>
      <span>{timeAgo(at, clock)}</span>
    </Tooltip>
  );
}
