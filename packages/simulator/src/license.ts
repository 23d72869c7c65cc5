import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import { LICENSE_MODEL_ALL, LICENSE_REFUSAL, type LicenseClaims, licenseClaimsSchema } from '@gw/contracts';

/**
 * The box's offline licence check: a compact JWS (header.payload.signature, base64url) signed with Ed25519,
 * verified with nothing but the platform's public key — the same steps as the server's lib/license.ts and
 * scripts/verify-license.mjs (contracts holds the claims schema and the refusal texts, not the checker).
 */
export type Verdict = { valid: true; claims: LicenseClaims } | { valid: false; reason: string };

const PART = /^[A-Za-z0-9_-]+$/;

/** The bytes of a base64url part, or null unless the text is their one canonical spelling. */
function decodePart(part: string): Buffer | null {
  if (!PART.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function signatureHolds(signed: string, key: KeyObject, signature: Buffer | null): boolean {
  if (!signature) return false;
  try {
    return verify(null, Buffer.from(signed), key, signature);
  } catch {
    return false;
  }
}

export function publicKey(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`平台公钥不是 Ed25519 公钥 (${key.asymmetricKeyType})`);
  return key;
}

/** Whether `certificate` holds now for the box with this fingerprint. Never throws for a bad certificate. */
export function verifyCertificate(certificate: string, key: KeyObject, fingerprint: string, now = new Date()): Verdict {
  const refuse = (reason: string): Verdict => ({ valid: false, reason });
  const parts = certificate.trim().split('.');
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return refuse(LICENSE_REFUSAL.malformed);
  const [header, payload, signature] = parts.map(decodePart);
  if (!header || !payload) return refuse(LICENSE_REFUSAL.malformed);
  const head = parseJson(header) as { alg?: unknown; crit?: unknown } | undefined;
  if (typeof head !== 'object' || head === null || head.alg !== 'EdDSA' || head.crit !== undefined) return refuse(LICENSE_REFUSAL.malformed);
  if (!signatureHolds(`${parts[0]}.${parts[1]}`, key, signature)) return refuse(LICENSE_REFUSAL.badSignature);
  const parsed = licenseClaimsSchema.safeParse(parseJson(payload));
  if (!parsed.success) return refuse(LICENSE_REFUSAL.malformed);
  const claims = parsed.data;
  const seconds = Math.floor(now.getTime() / 1000);
  if (claims.nbf > seconds) return refuse(LICENSE_REFUSAL.notYetValid);
  if (claims.exp <= seconds) return refuse(LICENSE_REFUSAL.expired);
  if (claims.finger_print !== fingerprint) return refuse(LICENSE_REFUSAL.fingerprintMismatch);
  return { valid: true, claims };
}

/**
 * How many machine tools of `category` the licence lets the box enable: with `all` above 0 that total is shared by
 * every brand (so `enabledOfAll` counts all brands), else the brand's own count (0 when not listed).
 */
export function allowedCount(claims: LicenseClaims, category: string): { allowed: number; shared: boolean } {
  const all = claims.count.find((c) => c.model === LICENSE_MODEL_ALL)?.count ?? 0;
  if (all > 0) return { allowed: all, shared: true };
  return { allowed: claims.count.find((c) => c.model === category)?.count ?? 0, shared: false };
}
