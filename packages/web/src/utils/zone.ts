import { useUserStore } from '../stores/user';

/**
 * The platform's time zone, which the server names with the user info (TIME_ZONE, Asia/Shanghai by default):
 * the console shows, takes and filters every time in it, whatever zone the browser is in. Plain Intl, no date
 * library; the login page does not load it (it follows the user store instead of being set by it).
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

/** Takes the zone the server names; one the browser does not know keeps the current one. */
export function setPlatformZone(zone: string | null | undefined): void {
  if (!zone || zone === current) return;
  try {
    formatter(zone);
    current = zone;
  } catch {
    // an old browser without this zone's data: the default is the better guess than the browser's own zone
  }
}

/** The platform's IANA zone, e.g. Asia/Shanghai. */
export const platformZone = (): string => current;

/** How far the platform's clock is ahead of UTC at an instant (ms; negative west of Greenwich). */
export function zoneOffsetMs(ms: number, zone = current): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(zone).formatToParts(new Date(whole))) if (type !== 'literal') p[type] = Number(value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/**
 * An instant moved by the platform's offset: its UTC fields read the platform's wall clock (year, month, day,
 * hours…). What charts with `useUTC` and `getUTC*` read to show a time in the platform's zone.
 */
export const toWallMs = (ms: number, zone = current): number => ms + zoneOffsetMs(ms, zone);

/**
 * The instant a wall time of the platform's zone names (its fields as a UTC time). A time the clock skips when
 * daylight saving starts reads as after the jump; one shown twice when it ends, as the first.
 */
export function fromWallMs(wall: number, zone = current): number {
  const before = zoneOffsetMs(wall - DAY_MS, zone);
  const after = zoneOffsetMs(wall + DAY_MS, zone);
  const found = [before, after].filter((offset) => zoneOffsetMs(wall - offset, zone) === offset).map((offset) => wall - offset);
  return found.length ? Math.min(...found) : wall - before;
}

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
export const zoneToday = (now = Date.now(), zone = current): string => new Date(toWallMs(now, zone)).toISOString().slice(0, 10);

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
