import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wechatCipher } from './crypto.js';

const AES_KEY = 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C';
const APP_ID = 'wxb11529c136998cb6';
const RANDOM = Buffer.from('0123456789abcdef');
const MESSAGE = '<xml><ToUserName><![CDATA[oia2Tj我是中文jewbmiOUlr6X-1crbLOvLw]]></ToUserName><Content><![CDATA[你好]]></Content></xml>';

/** The published algorithm written out step by step, independently of the module. */
function referenceEncrypt(message: string, random: Buffer): string {
  const key = Buffer.from(`${AES_KEY}=`, 'base64');
  expect(key.length).toBe(32);
  const body = Buffer.from(message, 'utf8');
  const plain = Buffer.concat([random, Buffer.from([0, 0, body.length >> 8, body.length & 0xff]), body, Buffer.from(APP_ID)]);
  const padLength = 32 - (plain.length % 32);
  const padded = Buffer.concat([plain, Buffer.alloc(padLength, padLength)]);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

describe('safe mode cipher (AES-256-CBC, PKCS#7 to 32 bytes)', () => {
  const cipher = wechatCipher(AES_KEY, APP_ID);

  it('encrypts with a fixed random prefix exactly as the published algorithm', () => {
    expect(cipher.encrypt(MESSAGE, RANDOM)).toBe(referenceEncrypt(MESSAGE, RANDOM));
  });

  it('decrypts a vector built by the reference, giving the message and the AppID', () => {
    expect(cipher.decrypt(referenceEncrypt(MESSAGE, RANDOM))).toEqual({ message: MESSAGE, appId: APP_ID });
  });

  it('pads to 32-byte blocks, a whole block when already aligned', () => {
    const key = Buffer.from(`${AES_KEY}=`, 'base64');
    // 16 + 4 + 12 + 18 (AppID) = 50 gets 14 bytes of 14; 16 + 4 + 26 + 18 = 64 is aligned and gets a whole block of 32s
    for (const message of ['a'.repeat(12), 'a'.repeat(26)]) {
      const raw = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
      const plain = Buffer.concat([raw.update(Buffer.from(cipher.encrypt(message), 'base64')), raw.final()]);
      expect(plain.length % 32).toBe(0);
      const pad = plain[plain.length - 1];
      expect(pad).toBe(32 - ((16 + 4 + message.length + APP_ID.length) % 32) || 32);
    }
  });

  it('round-trips and uses a new random prefix each time', () => {
    const a = cipher.encrypt(MESSAGE);
    expect(a).not.toBe(cipher.encrypt(MESSAGE));
    expect(cipher.decrypt(a).message).toBe(MESSAGE);
  });

  it('throws on what does not decrypt (the callback answers success)', () => {
    expect(() => cipher.decrypt('')).toThrow();
    expect(() => cipher.decrypt('not base64 at all!')).toThrow();
    expect(() => wechatCipher('A'.repeat(43), APP_ID).decrypt(referenceEncrypt(MESSAGE, RANDOM))).toThrow();
    expect(() => wechatCipher('short', APP_ID)).toThrow();
  });
});
