import type { KeyObject } from 'node:crypto';
import { type LicenseClaims, licensedCount } from '@gw/contracts';
import { licenseVerifyKey, verifyLicense } from '@gw/contracts/license-check';

/** The box's offline licence check, the platform's own (`@gw/contracts/license-check`), with its public key only. */
export type Verdict = { valid: true; claims: LicenseClaims } | { valid: false; reason: string };

export function publicKey(pem: string): KeyObject {
  try {
    return licenseVerifyKey(pem);
  } catch (err) {
    throw new Error(`平台公钥不是 Ed25519 公钥 (${(err as Error).message})`, { cause: err });
  }
}

/** Whether `certificate` holds now for the box with this fingerprint. Never throws for a bad certificate. */
export function verifyCertificate(certificate: string, key: KeyObject, fingerprint: string, now = new Date()): Verdict {
  const verdict = verifyLicense(certificate, key, { now, fingerprint });
  return verdict.valid ? { valid: true, claims: verdict.claims } : { valid: false, reason: verdict.reason };
}

/** How many machine tools of `category` the licence lets the box enable (the platform's rule). */
export const allowedCount = (claims: LicenseClaims, category: string) => licensedCount(claims.count, category);
