import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

/** A box's WireGuard key pair, each key as `wg` writes it: the raw 32 bytes in base64. */
export interface WgKeyPair {
  privateKey: string;
  publicKey: string;
}

const b64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

/** A new X25519 key pair, as `wg genkey | wg pubkey` makes one. */
export function newWgKeyPair(): WgKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return { privateKey: b64(privateKey.export({ format: 'jwk' }).d!), publicKey: b64(publicKey.export({ format: 'jwk' }).x!) };
}

/** The DER head of an X25519 private key in PKCS#8, before its 32 bytes (RFC 8410). */
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');

/** The public key of a private key (base64), as `wg pubkey` answers it. */
export function wgPublicKey(privateKey: string): string {
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_X25519, Buffer.from(privateKey, 'base64')]), format: 'der', type: 'pkcs8' });
  return b64(createPublicKey(key).export({ format: 'jwk' }).x!);
}

/**
 * The key pair of an identity without one written (an identity file from before boxes had keys): derived from its
 * secret, so every start of the simulator reports the same key, as a real box keeps the pair it made once. A box
 * given a new secret (重置密钥) makes a new pair, which the platform then binds.
 */
export function wgKeyPairOf(identity: { secret: string; wg_private_key?: string }): WgKeyPair {
  const privateKey = identity.wg_private_key ?? createHash('sha256').update(`wg:${identity.secret}`).digest('base64');
  return { privateKey, publicKey: wgPublicKey(privateKey) };
}
