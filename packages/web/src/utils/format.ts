/** Display helpers: money, times, durations, status tags. */
import { fromWallMs, zoneParts } from './zone';

/** Plain decimal text of a number, without exponent notation. */
function plain(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return Math.abs(n) < 1 ? '0' : n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 });
}

/**
 * Two decimals by truncation, not rounding (1.239 → '1.23'); empty or non-numeric input gives '0.00'.
 * Works on the decimal text so binary fractions (0.29 * 100 = 28.999…) do not lose a cent.
 */
export function toFixed2(value: number | string | null | undefined): string {
  if (value === '' || value === null || value === undefined) return '0.00';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '0.00';
  const [whole, fraction = ''] = plain(n).split('.');
  const cut = `${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`;
  return /^-0\.00$/.test(cut) ? '0.00' : cut;
}

export const DATE_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const WALL_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The instant a time names: ISO with a zone as it says, a wall time without one in the platform's zone. */
function instantOf(time: Date | number | string): number {
  if (time instanceof Date) return time.getTime();
  let value: number | string = time;
  if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
  if (typeof value === 'number') return String(Math.trunc(value)).length === 10 ? value * 1000 : value;
  const wall = WALL_TIME.exec(value.trim());
  if (!wall) return Date.parse(value);
  const [, y, m, d, h = '0', i = '0', s = '0'] = wall.map((part) => part && Number(part));
  return fromWallMs(Date.UTC(+y, +m - 1, +d, +h, +i, +s));
}

/**
 * Formats a time in the platform's zone (whatever the browser's) with `{y} {m} {d} {h} {i} {s}` (zero-padded)
 * and `{a}` (weekday 日…六). Numbers or digit strings of 10 digits are seconds, longer ones milliseconds; a time
 * without a zone ('2023-11-15 08:05:03') is the platform's wall time; other strings are parsed as dates. Empty
 * or invalid → ''.
 *
 * @example parseTime(1700000000, '{y}/{m}/{d} 周{a}') // '2023/11/15 周三' (platform zone Asia/Shanghai)
 */
export function parseTime(time: Date | number | string | null | undefined, cFormat: string = DATE_TIME_FORMAT): string {
  if (time === null || time === undefined || time === '') return '';
  const ms = instantOf(time);
  if (!Number.isFinite(ms)) return '';
  const parts: Record<string, number> = zoneParts(ms);
  return cFormat.replace(/\{([ymdhisa])+\}/g, (_match, key: string) =>
    key === 'a' ? WEEKDAYS[parts.a] : String(parts[key]).padStart(2, '0'),
  );
}

/**
 * Seconds as 'X天X小时X分钟X秒', leading zero units left out (90 → '1分钟30秒', 3600 → '1小时0分钟0秒', 0 → '0秒').
 */
export function formatDuration(seconds: number | string | null | undefined): string {
  const total = Math.max(0, Math.floor(Number(seconds) || 0));
  const units: [number, string][] = [
    [Math.floor(total / 86_400), '天'],
    [Math.floor((total % 86_400) / 3600), '小时'],
    [Math.floor((total % 3600) / 60), '分钟'],
    [total % 60, '秒'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  return units
    .slice(first === -1 ? units.length - 1 : first)
    .map(([n, unit]) => `${n}${unit}`)
    .join('');
}

export type StatusType = 'success' | 'info' | 'danger';

const STATUS_TYPES: Record<string, StatusType> = { published: 'success', draft: 'info', deleted: 'danger' };
/** The antd <Tag color> that renders each status type. */
const TAG_COLORS: Record<StatusType, string> = { success: 'success', info: 'default', danger: 'error' };

/** Status tag mapping: published → success, draft → info, deleted → danger; others undefined. */
export function statusTag(status: string): StatusType | undefined {
  return STATUS_TYPES[status];
}

/** The antd Tag colour for a status ('success' | 'default' | 'error'; 'default' for unknown ones). */
export function statusTagColor(status: string): string {
  const type = statusTag(status);
  return type ? TAG_COLORS[type] : 'default';
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Bytes in the largest unit that keeps the number at 1 or more (1024 apart, as carriers count a SIM plan), two
 * decimals at most: 1536 → '1.5 KB', 3 × 1024³ → '3 GB'.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

/** A cell's or key's value as plain text: strings, numbers and booleans as written, anything else (objects, nothing) as ''. */
export const plainText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
