/** The console's days are China's (UTC+8, no daylight saving), wherever the server runs. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The China-time date (YYYY-MM-DD) an instant falls on. */
export const chinaDate = (at: Date): string => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** A China-time date as the instants [00:00, next 00:00). */
export function chinaDayRange(date: string): [Date, Date] {
  const start = new Date(`${date}T00:00:00+08:00`);
  return [start, new Date(start.getTime() + DAY_MS)];
}

/** The China-time day `now` falls in, as [start, end). */
export const chinaDay = (now: Date): [Date, Date] => chinaDayRange(chinaDate(now));

/** The date `days` after `date` (both YYYY-MM-DD; negative goes back). */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
