import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: ~70 ms a hash on one core, what makes a stolen hash slow to guess. */
const PRODUCTION_N = 16384;
let N = PRODUCTION_N;
const r = 8;
const p = 1;
const KEYLEN = 64;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { N: n, r: rr, p: pp, maxmem: 256 * n * rr }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64), so the cost can rise later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, rr, pp, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(rr), Number(pp));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the user does not exist, so both answers take the same time. */
export const dummyHash = () => `scrypt$${N}$${r}$${p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`;

/**
 * The test suites' cost: a few hundred logins and users at the production cost are minutes of CPU that prove
 * nothing more. Only the test set-up calls this; a hash keeps its own cost, so verifying works across both.
 */
export function usePasswordCostForTests(n = 1024): void {
  N = n;
}

/** A readable random password for the first start. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
