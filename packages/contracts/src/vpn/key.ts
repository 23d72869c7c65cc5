import { z } from 'zod';

/**
 * A WireGuard key as `wg` writes it: 32 bytes in base64, so 44 characters ending in '='. The 43rd character
 * carries the key's last 4 bits and 2 zero bits, so only 16 of base64's letters can stand there; `wg` refuses
 * any other, and so does this pattern (a key that decodes to 32 bytes only after dropping stray bits is not one).
 */
export const WG_KEY_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/** Why `value` is not a WireGuard key, naming the field (公钥, 私钥 …) in the message; null when it is one. */
export function wgKeyError(value: unknown, field: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return `${field}不能为空`;
  if (value.length !== 44) return `${field}格式不正确: 应为 44 个字符的 base64 (解码为 32 字节), 实为 ${value.length} 个字符`;
  if (!WG_KEY_PATTERN.test(value)) return `${field}格式不正确: 应为 base64 编码的 32 字节 WireGuard 密钥`;
  return null;
}

/** A WireGuard key (base64 of 32 bytes) with a Chinese message naming `field` when it is not one. */
export const wgKeySchema = (field: string) =>
  z.string().superRefine((value, ctx) => {
    const error = wgKeyError(value, field);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
