import { DEFAULT_TIME_ZONE, addDays, dayRangeOf, instantOfDate, isTimeZone, utcOffsetMs, wallDateOf, wallTimeOf } from '@gw/contracts';

/**
 * The platform's time zone on the server: every day boundary (timelines, shifts, 今日, traffic and visit days) and
 * every time the server writes out (exports, messages, file names) is in it, wherever the server runs. One IANA
 * zone for the whole platform (TIME_ZONE, default Asia/Shanghai), set once at start; the arithmetic is the
 * contracts' (the console's too), bound here to that zone and to Date.
 */
export { DEFAULT_TIME_ZONE, addDays, isTimeZone };

let current = DEFAULT_TIME_ZONE;

/** Sets the platform's zone (at start, from TIME_ZONE); an unknown zone throws, naming the setting. */
export function setPlatformZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`环境变量 TIME_ZONE 应为 IANA 时区名(如 Asia/Shanghai),收到 "${zone}"`);
  current = zone;
}

/** The platform's zone, e.g. Asia/Shanghai. */
export const platformZone = (): string => current;

/** How far the zone's clock is ahead of UTC at an instant (ms; negative west of Greenwich). */
export const zoneOffsetMs = (at: Date, zone = current): number => utcOffsetMs(at.getTime(), zone);

/** The date (YYYY-MM-DD) an instant falls on in the platform's zone. */
export const zoneDate = (at: Date, zone = current): string => wallDateOf(at.getTime(), zone);

/**
 * `2024-05-01 08:30:00` in the platform's zone, as the console shows times; '' for an empty or invalid value.
 */
export function zoneTime(value: unknown, zone = current): string {
  const date = value instanceof Date ? value : typeof value === 'string' && value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return wallTimeOf(date.getTime(), zone);
}

/**
 * The instant a wall time of the zone names: `date` (YYYY-MM-DD) plus `ms` past its midnight on the wall clock
 * (a skipped time reads as after the jump, a repeated one as the first).
 */
export const zoneInstant = (date: string, ms = 0, zone = current): Date => new Date(instantOfDate(date, ms, zone));

/** A day of the platform's zone as the instants [00:00, next 00:00). */
export function zoneDayRange(date: string, zone = current): [Date, Date] {
  const [start, end] = dayRangeOf(date, zone);
  return [new Date(start), new Date(end)];
}

/** The day of the platform's zone `now` falls in, as [start, end). */
export const zoneDay = (now: Date, zone = current): [Date, Date] => zoneDayRange(zoneDate(now, zone), zone);
