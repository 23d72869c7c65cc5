import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { wgKeyError } from '@gw/contracts';

export interface WgKeyPair {
  privateKey: string;
  publicKey: string;
}

// The DER wrappers around a raw X25519 key (RFC 8410): PKCS#8 for a private key, SPKI for a public one. The raw
// 32 bytes at their end are exactly what WireGuard writes in base64.
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const RAW = 32;

const rawOf = (der: Buffer) => der.subarray(der.length - RAW).toString('base64');

/** A new WireGuard key pair, as `wg genkey` and `wg pubkey` would give it (OpenSSL clamps the private key as wg does). */
export function generateKeyPair(): WgKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return {
    privateKey: rawOf(privateKey.export({ format: 'der', type: 'pkcs8' })),
    publicKey: rawOf(publicKey.export({ format: 'der', type: 'spki' })),
  };
}

/** The public key of a WireGuard private key (`wg pubkey`); throws with the Chinese reason when it is not a key. */
export function publicKeyOf(privateKey: string, field = '私钥'): string {
  const error = wgKeyError(privateKey, field);
  if (error) throw new Error(error);
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_X25519, Buffer.from(privateKey, 'base64')]), format: 'der', type: 'pkcs8' });
  return rawOf(createPublicKey(key).export({ format: 'der', type: 'spki' }));
}
