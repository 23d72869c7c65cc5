import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LICENSE_REFUSAL, type LicenseClaims } from '@gw/contracts';
import { newLicenseKeyPair, signLicense } from './license.js';

// The offline checker a box's installer runs: it must agree with verifyLicense without importing the repo.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'gw-license-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = newLicenseKeyPair();
const keyFile = path.join(dir, 'public.pem');
writeFileSync(keyFile, keys.publicKeyPem);

const now = Math.floor(Date.now() / 1000);
const claims: LicenseClaims = {
  type: 'business',
  iat: now - 60,
  nbf: now - 60,
  exp: now + 3600,
  jti: '7',
  finger_print: 'fp-box-7',
  sub: 'GW0007',
  vpn: true,
  count: [{ model: 'fanuc', count: 2 }],
};
const certificate = signLicense(claims, keys.privateKeyPem);

function run(...args: string[]) {
  const res = spawnSync(process.execPath, ['scripts/verify-license.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('scripts/verify-license.mjs', () => {
  it('accepts a valid certificate, given as text or as a file, bound to its box, and prints its claims', () => {
    const res = run(certificate, keyFile, 'fp-box-7');
    expect(res.code, res.err).toBe(0);
    expect(res.out.split('\n')[0]).toBe('有效');
    expect(res.out).toContain('商业授权');
    expect(res.out).toContain('"finger_print": "fp-box-7"');

    const file = path.join(dir, 'license.txt');
    writeFileSync(file, `${certificate}\n`);
    expect(run(file, keyFile).code).toBe(0);
  });

  it('refuses a certificate with one changed character as 签名无效', () => {
    const i = certificate.lastIndexOf('.') + 10;
    const changed = certificate.slice(0, i) + (certificate[i] === 'A' ? 'B' : 'A') + certificate.slice(i + 1);
    const res = run(changed, keyFile);
    expect(res.code).toBe(1);
    expect(res.out.trim()).toBe(LICENSE_REFUSAL.badSignature);
  });

  it('refuses a certificate signed by another key as 签名无效', () => {
    const res = run(signLicense(claims, newLicenseKeyPair().privateKeyPem), keyFile);
    expect(res.code).toBe(1);
    expect(res.out.trim()).toBe(LICENSE_REFUSAL.badSignature);
  });

  it('refuses another box fingerprint, an expired and a not yet valid licence with their reasons', () => {
    const mismatch = run(certificate, keyFile, 'fp-box-8');
    expect(mismatch.code).toBe(1);
    expect(mismatch.out.split('\n')[0]).toBe(LICENSE_REFUSAL.fingerprintMismatch);

    const expired = run(signLicense({ ...claims, exp: now - 1 }, keys.privateKeyPem), keyFile);
    expect(expired.code).toBe(1);
    expect(expired.out.split('\n')[0]).toBe(LICENSE_REFUSAL.expired);

    const later = run(signLicense({ ...claims, nbf: now + 3600, exp: now + 7200 }, keys.privateKeyPem), keyFile);
    expect(later.code).toBe(1);
    expect(later.out.split('\n')[0]).toBe(LICENSE_REFUSAL.notYetValid);
  });

  it('refuses garbage as 证书格式不正确', () => {
    for (const text of ['garbage', 'a.b.c', `${certificate}.x`]) {
      const res = run(text, keyFile);
      expect(res.code, text).toBe(1);
      expect(res.out.split('\n')[0], text).toBe(LICENSE_REFUSAL.malformed);
    }
  });

  it('answers 2 when it is not used right: missing arguments, no key file, a private key, not Ed25519', () => {
    expect(run().code).toBe(2);
    expect(run(certificate).code).toBe(2);
    expect(run(certificate, keyFile, 'fp', 'extra').code).toBe(2);
    expect(run(certificate, path.join(dir, 'missing.pem')).code).toBe(2);

    const privateFile = path.join(dir, 'private.pem');
    writeFileSync(privateFile, keys.privateKeyPem);
    const res = run(certificate, privateFile);
    expect(res.code).toBe(2);
    expect(res.err).toContain('私钥');

    const notAKey = path.join(dir, 'not-a-key.pem');
    writeFileSync(notAKey, 'hello');
    expect(run(certificate, notAKey).code).toBe(2);
  });
});
