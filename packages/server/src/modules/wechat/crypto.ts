import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** WeChat pads to 32-byte blocks (PKCS#7 with a block of 32, not AES's 16). */
const PAD_BLOCK = 32;

/** The EncodingAESKey is 43 base64 characters; with a trailing "=" it decodes to the 32-byte AES-256 key. */
export const AES_KEY_RE = /^[A-Za-z0-9+/]{43}$/;

export interface WechatCipher {
  /** The base64 `Encrypt` of a message; `random` (16 bytes) is fixed only by tests. */
  encrypt(message: string, random?: Buffer): string;
  /** The message and the AppID inside an `Encrypt`; throws when it does not decrypt or is malformed. */
  decrypt(encrypted: string): { message: string; appId: string };
}

/**
 * Safe mode's cipher: AES-256-CBC with key = base64(EncodingAESKey + "="), IV = the key's first 16 bytes,
 * plaintext = 16 random bytes + the message's length (4 bytes, big-endian) + the message + the AppID.
 */
export function wechatCipher(encodingAesKey: string, appId: string): WechatCipher {
  if (!AES_KEY_RE.test(encodingAesKey)) throw new Error('EncodingAESKey must be 43 base64 characters');
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  const iv = key.subarray(0, 16);
  return {
    encrypt(message, random = randomBytes(16)) {
      const body = Buffer.from(message, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length);
      const plain = pad(Buffer.concat([random, length, body, Buffer.from(appId, 'utf8')]));
      const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
      return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
    },
    decrypt(encrypted) {
      const data = Buffer.from(encrypted, 'base64');
      if (!data.length || data.length % 16) throw new Error('ciphertext is not whole AES blocks');
      const decipher = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
      const plain = unpad(Buffer.concat([decipher.update(data), decipher.final()]));
      if (plain.length < 20) throw new Error('plaintext too short');
      const length = plain.readUInt32BE(16);
      if (20 + length > plain.length) throw new Error('message length beyond the plaintext');
      return { message: plain.subarray(20, 20 + length).toString('utf8'), appId: plain.subarray(20 + length).toString('utf8') };
    },
  };
}

function pad(data: Buffer): Buffer {
  const n = PAD_BLOCK - (data.length % PAD_BLOCK);
  return Buffer.concat([data, Buffer.alloc(n, n)]);
}

function unpad(data: Buffer): Buffer {
  const n = data[data.length - 1];
  if (n < 1 || n > PAD_BLOCK || n > data.length) throw new Error('bad padding');
  for (let i = data.length - n; i < data.length; i++) if (data[i] !== n) throw new Error('bad padding');
  return data.subarray(0, data.length - n);
}
