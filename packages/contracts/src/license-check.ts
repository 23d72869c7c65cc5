import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import { LICENSE_REFUSAL, type LicenseClaims, type LicenseRefusal, licenseClaimsSchema } from './license.js';

/**
 * The offline check of a licence certificate (compact JWS, header.payload.signature, each base64url, signed
 * with Ed25519) with nothing but the platform's public key: what a box does, shared by the server and the
 * simulator. Node only (node:crypto), so it is its own entry, `@gw/contracts/license-check`, kept out of the
 * console's bundle; scripts/verify-license.mjs repeats these steps without the repo.
 */

const PART = /^[A-Za-z0-9_-]+$/;

export type LicenseVerdict =
  | { valid: true; reason: null; claims: LicenseClaims }
  /** `claims` are set when the signature holds and they parse, so a refusal for time or box can say which licence. */
  | { valid: false; reason: LicenseRefusal; claims: LicenseClaims | null };

/**
 * The bytes of a base64url part, or null when the text is not their one canonical spelling: Buffer skips
 * characters it does not know and ignores the unused low bits of the last one, so two spellings could
 * otherwise carry the same signature.
 */
function decodePart(part: string): Buffer | null {
  if (!PART.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function signatureHolds(signed: string, key: KeyObject, signature: Buffer | null): boolean {
  if (!signature) return false;
  try {
    return verify(null, Buffer.from(signed), key, signature);
  } catch {
    return false;
  }
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The Ed25519 public key of a PEM; anything else throws (the caller's mistake, not the certificate's). */
export function licenseVerifyKey(publicKeyPem: string): KeyObject {
  const key = createPublicKey(publicKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`licence key must be Ed25519, got ${key.asymmetricKeyType}`);
  return key;
}

/**
 * Whether a certificate holds for this moment (and this box, when its fingerprint is given). Anything wrong with
 * the certificate is a refusal with its reason, never an exception; only a public key that is not Ed25519 throws.
 */
export function verifyLicense(certificate: string, publicKey: string | KeyObject, options: { now: Date; fingerprint?: string }): LicenseVerdict {
  const key = typeof publicKey === 'string' ? licenseVerifyKey(publicKey) : publicKey;
  const refuse = (reason: LicenseRefusal, claims: LicenseClaims | null = null): LicenseVerdict => ({ valid: false, reason, claims });

  const parts = typeof certificate === 'string' ? certificate.trim().split('.') : [];
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return refuse(LICENSE_REFUSAL.malformed);
  const [header, payload, signature] = parts.map(decodePart);
  if (!header || !payload) return refuse(LICENSE_REFUSAL.malformed);
  const head = parseJson(header) as { alg?: unknown; crit?: unknown } | undefined;
  // a header that asks for another algorithm, or for extensions this checker does not know, is not ours
  if (typeof head !== 'object' || head === null || head.alg !== 'EdDSA' || head.crit !== undefined) return refuse(LICENSE_REFUSAL.malformed);

  // decodePart gave null for a signature spelled otherwise than its bytes' one spelling: not one the platform made
  if (!signatureHolds(`${parts[0]}.${parts[1]}`, key, signature)) return refuse(LICENSE_REFUSAL.badSignature);

  const parsed = licenseClaimsSchema.safeParse(parseJson(payload));
  if (!parsed.success) return refuse(LICENSE_REFUSAL.malformed);
  const claims = parsed.data;
  const now = Math.floor(options.now.getTime() / 1000);
  if (claims.nbf > now) return refuse(LICENSE_REFUSAL.notYetValid, claims);
  if (claims.exp <= now) return refuse(LICENSE_REFUSAL.expired, claims);
  if (options.fingerprint !== undefined && claims.finger_print !== options.fingerprint) return refuse(LICENSE_REFUSAL.fingerprintMismatch, claims);
  return { valid: true, reason: null, claims };
}
