import { createHash, timingSafeEqual } from 'node:crypto';

/** WeChat's signature: SHA-1 hex of the parts sorted as strings and joined (token, timestamp, nonce[, Encrypt]). */
export function wechatSignature(parts: readonly string[]): string {
  return createHash('sha1').update([...parts].sort().join('')).digest('hex');
}

/** Whether `given` is the signature of `parts`, compared in constant time; an empty token never verifies. */
export function signatureValid(token: string, parts: readonly string[], given: string | undefined): boolean {
  if (!token || !given) return false;
  const expected = Buffer.from(wechatSignature([token, ...parts]));
  const actual = Buffer.from(given.toLowerCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
