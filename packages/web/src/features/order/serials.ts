import { serialSchema } from '@gw/contracts';

/**
 * Serials as typed or pasted: one per line, or a column or row copied from Excel (tabs), or a list with commas or
 * spaces; each trimmed, blanks dropped, order kept (duplicates too: they are flagged, not silently merged).
 */
export function splitSerials(text: string): string[] {
  return text
    .split(/[\s,,;;]+/)
    .map((serial) => serial.trim())
    .filter(Boolean);
}

/** The serials that occur more than once, each named once, in the order they first repeat. */
export function duplicatesOf(serials: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const serial of serials) (seen.has(serial) ? repeated : seen).add(serial);
  return [...repeated];
}

/** The serials that are no valid 设备ID (letters, digits, - and _, at most 64). */
export const invalidSerials = (serials: readonly string[]) => serials.filter((serial) => !serialSchema.safeParse(serial).success);

export interface SerialRun {
  prefix: string;
  /** The first number. */
  start: number;
  /** Digits of the number, zero-padded (a longer number keeps all of its digits). */
  digits: number;
  count: number;
}

/** 批量生成: `count` serials from `start` on, e.g. GW2026 from 1 with 4 digits → GW20260001, GW20260002, … */
export function generateSerials({ prefix, start, digits, count }: SerialRun): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => `${prefix.trim()}${String(start + i).padStart(digits, '0')}`);
}
