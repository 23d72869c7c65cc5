import { DEFAULT_TIME_ZONE, instantOfWall, isTimeZone, utcOffsetMs, wallDateOf, wallMsOf } from '@gw/contracts';
import { useUserStore } from '../stores/user';

/**
 * The platform's time zone, which the server names with the user info (TIME_ZONE, Asia/Shanghai by default):
 * the console shows, takes and filters every time in it, whatever zone the browser is in. Plain Intl, no date
 * library: the arithmetic is the contracts' (the server's too), bound here to the zone of the signed-in session.
 * The login page does not load it (it follows the user store instead of being set by it).
 */
export { DEFAULT_TIME_ZONE };

let current = DEFAULT_TIME_ZONE;

/** Takes the zone the server names; one the browser does not know keeps the current one. */
export function setPlatformZone(zone: string | null | undefined): void {
  // an old browser without this zone's data: the default is the better guess than the browser's own zone
  if (zone && isTimeZone(zone)) current = zone;
}

/** The platform's IANA zone, e.g. Asia/Shanghai. */
export const platformZone = (): string => current;

/** How far the platform's clock is ahead of UTC at an instant (ms; negative west of Greenwich). */
export const zoneOffsetMs = (ms: number, zone = current): number => utcOffsetMs(ms, zone);

/**
 * An instant moved by the platform's offset: its UTC fields read the platform's wall clock (year, month, day,
 * hours…). What charts with `useUTC` and `getUTC*` read to show a time in the platform's zone.
 */
export const toWallMs = (ms: number, zone = current): number => wallMsOf(ms, zone);

/**
 * The instant a wall time of the platform's zone names (its fields as a UTC time). A time the clock skips when
 * daylight saving starts reads as after the jump; one shown twice when it ends, as the first.
 */
export const fromWallMs = (wall: number, zone = current): number => instantOfWall(wall, zone);

/** The platform's wall clock of an instant, in parts (month 1–12, weekday 0 = Sunday). */
export function zoneParts(ms: number, zone = current) {
  const wall = new Date(toWallMs(ms, zone));
  return {
    y: wall.getUTCFullYear(),
    m: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    i: wall.getUTCMinutes(),
    s: wall.getUTCSeconds(),
    a: wall.getUTCDay(),
  };
}

/** Today's date in the platform's zone, YYYY-MM-DD. */
export const zoneToday = (now = Date.now(), zone = current): string => wallDateOf(now, zone);

/** `UTC+8`, `UTC-4`, `UTC+5:30`: the platform's offset now. */
export function zoneOffsetText(now = Date.now(), zone = current): string {
  const minutes = Math.round(zoneOffsetMs(now, zone) / 60_000);
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** Zones people in China name by a city rather than by Intl's long name. */
const NAMES: Record<string, string> = { 'Asia/Shanghai': '北京时间', 'Asia/Chongqing': '北京时间', 'Asia/Hong_Kong': '香港时间', 'Asia/Taipei': '台北时间', UTC: '协调世界时', 'Etc/UTC': '协调世界时' };

/** The platform's zone as a reader knows it: `北京时间 (UTC+8)`, `北美东部时间 (UTC-5)`. */
export function zoneLabel(now = Date.now(), zone = current): string {
  let name = NAMES[zone];
  if (!name) {
    try {
      const part = new Intl.DateTimeFormat('zh-CN', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(now).find((p) => p.type === 'timeZoneName');
      name = part?.value ?? zone;
    } catch {
      name = zone;
    }
  }
  return `${name} (${zoneOffsetText(now, zone)})`;
}

// the zone of the signed-in session: already loaded, or when it loads (a role switch reloads it too)
setPlatformZone(useUserStore.getState().info?.time_zone);
useUserStore.subscribe((state) => setPlatformZone(state.info?.time_zone));
