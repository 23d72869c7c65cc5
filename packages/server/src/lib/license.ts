import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { type LicenseClaims, licenseClaimsSchema } from '@gw/contracts';

/**
 * Licence certificates: compact JWS (header.payload.signature, each base64url) signed with Ed25519. Signing
 * stays here on the server; the offline check a box does is `@gw/contracts/license-check`, shared with the
 * simulator, and repeated by scripts/verify-license.mjs without the repo.
 */
export { type LicenseVerdict, verifyLicense } from '@gw/contracts/license-check';

const HEADER = base64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }));

export interface LicenseKeyPair {
  /** PKCS8 PEM: stays on the server. */
  privateKeyPem: string;
  /** SPKI PEM: handed to anyone. */
  publicKeyPem: string;
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function newLicenseKeyPair(): LicenseKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** The SPKI PEM public key of a PKCS8 PEM private key. */
export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }) as string;
}

/** A certificate for these claims; claims a box would refuse as malformed throw here instead of being signed. */
export function signLicense(claims: LicenseClaims, privateKeyPem: string): string {
  const key = createPrivateKey(privateKeyPem);
  // sign(null, …) would quietly pick another algorithm for an RSA or EC key and make certificates no box accepts
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`licence key must be Ed25519, got ${key.asymmetricKeyType}`);
  const input = `${HEADER}.${base64url(JSON.stringify(licenseClaimsSchema.parse(claims)))}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}
