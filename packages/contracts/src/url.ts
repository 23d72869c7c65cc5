import { z } from 'zod';

/**
 * Why `value` is not a link a person may be sent to, or null: it must parse as a URL whose scheme is http: or
 * https: (no javascript:, data:, file: …, whatever their spelling, since the check is on the parsed URL).
 */
export function httpUrlError(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '请输入完整的网址, 如 https://example.com/path';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '只允许 http:// 或 https:// 开头的网址';
  if (!url.hostname) return '网址缺少主机名';
  return null;
}

/** An http(s) URL (checked on the parsed form), at most 2000 characters. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2000, '网址过长 (不超过 2000 个字符)')
  .superRefine((value, ctx) => {
    const error = httpUrlError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
