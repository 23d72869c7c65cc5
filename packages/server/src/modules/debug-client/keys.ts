import { generateKeyPairSync } from 'node:crypto';

/** base64url (what JWK writes) → base64 (what WireGuard writes). */
const wgBase64 = (jwk: string) => Buffer.from(jwk, 'base64url').toString('base64');

/**
 * A WireGuard key pair as `wg genkey | wg pubkey` makes one: Curve25519 (X25519), each key the raw 32 bytes in
 * base64. The private key is shown to the user once and never stored.
 */
export function newWgKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('x25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return { privateKey: wgBase64(jwk.d!), publicKey: wgBase64(jwk.x!) };
}
