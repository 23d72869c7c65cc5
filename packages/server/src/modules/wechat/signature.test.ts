import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureValid, wechatSignature } from './signature.js';

describe('WeChat signature', () => {
  it('is the SHA-1 of token, timestamp and nonce sorted and joined', () => {
    // sorted: "1409304348" < "xxxxxx" < "xyz" (by code unit)
    const expected = createHash('sha1').update('1409304348xxxxxxxyz').digest('hex');
    expect(wechatSignature(['xyz', '1409304348', 'xxxxxx'])).toBe(expected);
  });

  it('verifies a good signature and refuses a wrong, missing or empty-token one', () => {
    const good = wechatSignature(['tok', '1700000000', 'n1']);
    expect(signatureValid('tok', ['1700000000', 'n1'], good)).toBe(true);
    expect(signatureValid('tok', ['1700000000', 'n1'], good.toUpperCase())).toBe(true);
    expect(signatureValid('tok', ['1700000001', 'n1'], good)).toBe(false);
    expect(signatureValid('tok', ['1700000000', 'n1'], good.slice(0, 39))).toBe(false);
    expect(signatureValid('tok', ['1700000000', 'n1'], undefined)).toBe(false);
    expect(signatureValid('', ['1700000000', 'n1'], wechatSignature(['', '1700000000', 'n1']))).toBe(false);
  });
});
