/** Field rules that are not tied to one form. */

/** Text is valid when its trimmed length is above 0. */
export function validText(text: unknown): boolean {
  return typeof text === 'string' && text.trim().length > 0;
}

/** A link is external when it starts with https:, http:, mailto: or tel:. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

export interface IdCardInfo {
  /** YYYY-MM-DD */
  birthday: string;
  sex: '男' | '女';
  /** Whole years, at least 1. */
  age: number;
}

/** First two digits of a resident identity number: the province-level region. */
const REGION_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64,
  65, 71, 81, 82, 91,
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
const ID_PATTERN = /^[1-9]\d{5}(18|19|[23]\d)\d{2}\d{4}\d{3}[\dX]$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads an 18-character resident identity number: region code, birth date (years 18xx, 19xx, 2xxx,
 * 3xxx; a real calendar day, not in the future) and check digit. Returns null when any of them is wrong.
 *
 * @example parseIdCard('11010519491231002X') // { birthday: '1949-12-31', sex: '女', age: (years since) }
 */
export function parseIdCard(id: string, now: Date = new Date()): IdCardInfo | null {
  const text = id.trim().toUpperCase();
  if (text.length !== 18 || !ID_PATTERN.test(text)) return null;
  if (!REGION_CODES.has(Number(text.slice(0, 2)))) return null;

  const year = Number(text.slice(6, 10));
  const month = Number(text.slice(10, 12));
  const day = Number(text.slice(12, 14));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;

  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(text[i]), 0);
  if (CHECK_CHARS[sum % 11] !== text[17]) return null;

  let age = now.getFullYear() - year;
  const beforeBirthday = now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  if (beforeBirthday) age -= 1;
  if (age < 0) return null;

  return {
    birthday: `${text.slice(6, 10)}-${text.slice(10, 12)}-${text.slice(12, 14)}`,
    sex: Number(text[16]) % 2 === 1 ? '男' : '女',
    age: Math.max(1, age),
  };
}
