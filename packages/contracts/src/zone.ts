/**
 * Wall clocks of an IANA time zone, for the server and the console alike: the platform shows, takes and cuts days
 * in one zone (TIME_ZONE, Asia/Shanghai by default) wherever the server or the browser runs. Offsets come from
 * Intl, so a zone with daylight saving gets each instant's own offset and a day may be 23 or 25 hours long.
 * Instants are milliseconds since the epoch; a "wall" time is the zone's clock read as if it were UTC (its UTC
 * fields are the zone's year, month, day, hours…); dates are YYYY-MM-DD. Every function takes its zone: the
 * server and the console each bind the platform's.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

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
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's clock is ahead of UTC at an instant (ms, whole seconds; negative west of Greenwich). */
export function utcOffsetMs(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(zone).formatToParts(new Date(whole))) if (type !== 'literal') p[type] = Number(value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** An instant as the zone's wall clock: what `getUTC*` and charts with `useUTC` read to show it there. */
export const wallMsOf = (ms: number, zone: string): number => ms + utcOffsetMs(ms, zone);

/**
 * The instant a wall time of the zone names. A wall time the clock skips (the hour lost when daylight saving
 * starts) reads as the same time after the jump; one it shows twice (the hour repeated when it ends) as the first.
 */
export function instantOfWall(wall: number, zone: string): number {
  // the offsets a day either side: a wall time is one of them away from UTC (no zone changes twice in two days)
  const before = utcOffsetMs(wall - DAY_MS, zone);
  const after = utcOffsetMs(wall + DAY_MS, zone);
  const found = [before, after].filter((offset) => utcOffsetMs(wall - offset, zone) === offset).map((offset) => wall - offset);
  return found.length ? Math.min(...found) : wall - before;
}

/** The zone's wall clock of an instant as `YYYY-MM-DDTHH:mm:ss`. */
const wallText = (ms: number, zone: string): string => new Date(wallMsOf(ms, zone)).toISOString().slice(0, 19);

/** The date (YYYY-MM-DD) an instant falls on in the zone. */
export const wallDateOf = (ms: number, zone: string): string => wallText(ms, zone).slice(0, 10);

/** An instant as the console writes times, `2024-05-01 08:30:00` on the zone's clock. */
export const wallTimeOf = (ms: number, zone: string): string => wallText(ms, zone).replace('T', ' ');

/** The instant `ms` past midnight of `date` on the zone's wall clock names (skipped and repeated times as instantOfWall). */
export const instantOfDate = (date: string, ms: number, zone: string): number => instantOfWall(Date.parse(`${date}T00:00:00Z`) + ms, zone);

/** A day of the zone as the instants [its midnight, the next day's midnight). */
export const dayRangeOf = (date: string, zone: string): [number, number] => [instantOfDate(date, 0, zone), instantOfDate(addDays(date, 1), 0, zone)];

/** The date `days` after `date` (both YYYY-MM-DD; negative goes back): calendar days, whatever the zone. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
