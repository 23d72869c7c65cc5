import { TRAFFIC_MAX_DAYS } from '@gw/contracts';
import { badRequest } from '../../http/errors.js';
import { addDays, zoneDate } from '../../lib/platform-zone.js';

const DAY_MS = 86_400_000;

/** Days as [first, after last): `2026-05-01` … `2026-06-01`, compared as dates in SQL. */
export interface DayRange {
  start: string;
  end: string;
}

/** The month asked for (YYYY-MM, already validated), this platform-zone month when none. */
export function monthRange(month: unknown, now: Date): DayRange & { month: string } {
  const chosen = typeof month === 'string' && month ? month : zoneDate(now).slice(0, 7);
  const [y, m] = chosen.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { month: chosen, start: `${chosen}-01`, end: `${next}-01` };
}

/**
 * The days of a box's chart: `start` to `end` inclusive (default the 30 days to today, the platform's zone); a range
 * backwards or longer than TRAFFIC_MAX_DAYS is refused.
 */
export function dailyRange(start: string | undefined, end: string | undefined, now: Date): DayRange & { last: string } {
  const last = end ?? (start ? addDays(start, 29) : zoneDate(now));
  const first = start ?? addDays(last, -29);
  if (first > last) throw badRequest('参数错误 start: 开始日期不能晚于结束日期');
  const days = (Date.parse(last) - Date.parse(first)) / DAY_MS + 1;
  if (days > TRAFFIC_MAX_DAYS) throw badRequest(`参数错误 end: 日期范围最长 ${TRAFFIC_MAX_DAYS} 天`);
  return { start: first, end: addDays(last, 1), last };
}
