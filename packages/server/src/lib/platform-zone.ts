/**
 * The platform's time zone: every day boundary (timelines, shifts, 今日, traffic and visit days) and every time
 * the server writes out (exports, messages, file names) is in it, wherever the server runs. One IANA zone for
 * the whole platform (TIME_ZONE, default Asia/Shanghai), set once at start; offsets come from Intl, so zones
 * with daylight saving get each day's own offset and a day may be 23 or 25 hours long.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

let current = DEFAULT_TIME_ZONE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether Intl knows the zone (an IANA name such as Asia/Shanghai or America/New_York, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the platform's zone (at start, from TIME_ZONE); an unknown zone throws, naming the setting. */
export function setPlatformZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`环境变量 TIME_ZONE 应为 IANA 时区名(如 Asia/Shanghai),收到 "${zone}"`);
  current = zone;
}

/** The platform's zone, e.g. Asia/Shanghai. */
export const platformZone = (): string => current;

/** The wall clock of an instant in a zone, as the UTC instant with the same fields (whole seconds). */
function wallMs(at: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(zone).formatToParts(new Date(at))) if (type !== 'literal') p[type] = Number(value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** How far the zone's clock is ahead of UTC at an instant (ms; negative west of Greenwich). */
export const zoneOffsetMs = (at: Date, zone = current): number => {
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return wallMs(whole, zone) - whole;
};

/** The zone's wall time of an instant as `YYYY-MM-DDTHH:mm:ss`. */
const wallText = (at: Date, zone: string): string => new Date(at.getTime() + zoneOffsetMs(at, zone)).toISOString().slice(0, 19);

/** The date (YYYY-MM-DD) an instant falls on in the platform's zone. */
export const zoneDate = (at: Date, zone = current): string => wallText(at, zone).slice(0, 10);

/**
 * `2024-05-01 08:30:00` in the platform's zone, as the console shows times; '' for an empty or invalid value.
 */
export function zoneTime(value: unknown, zone = current): string {
  const date = value instanceof Date ? value : typeof value === 'string' && value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return wallText(date, zone).replace('T', ' ');
}

/**
 * The instant a wall time of the zone names: `date` (YYYY-MM-DD) plus `ms` past its midnight on the wall clock.
 * A wall time the clock skips (the hour lost when daylight saving starts) reads as the same time after the
 * jump; one it shows twice (the hour repeated when it ends) reads as the first.
 */
export function zoneInstant(date: string, ms = 0, zone = current): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + ms;
  // the offsets a day either side: a wall time is one of them away from UTC (no zone changes twice in two days)
  const before = zoneOffsetMs(new Date(wall - DAY_MS), zone);
  const after = zoneOffsetMs(new Date(wall + DAY_MS), zone);
  const fits = (offset: number) => zoneOffsetMs(new Date(wall - offset), zone) === offset;
  const found = [before, after].filter(fits).map((offset) => wall - offset);
  return new Date(found.length ? Math.min(...found) : wall - before);
}

/** A day of the platform's zone as the instants [00:00, next 00:00). */
export const zoneDayRange = (date: string, zone = current): [Date, Date] => [zoneInstant(date, 0, zone), zoneInstant(addDays(date, 1), 0, zone)];

/** The day of the platform's zone `now` falls in, as [start, end). */
export const zoneDay = (now: Date, zone = current): [Date, Date] => zoneDayRange(zoneDate(now, zone), zone);

/** The date `days` after `date` (both YYYY-MM-DD; negative goes back). */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
