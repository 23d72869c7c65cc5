import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LICENSE_REFUSAL, type LicenseClaims } from '@gw/contracts';
import { newLicenseKeyPair, publicKeyOf, signLicense, verifyLicense } from './license.js';

const keys = newLicenseKeyPair();
const NOW = new Date('2026-11-23T08:00:00Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const claims: LicenseClaims = {
  type: 'business',
  iat: seconds(NOW) - 60,
  nbf: seconds(NOW) - 60,
  exp: seconds(new Date('2099-12-12T00:00:00Z')),
  jti: 'lic-1',
  finger_print: 'fp-0a1b2c',
  sub: 'GW0001',
  vpn: true,
  count: [
    { model: 'all', count: 0 },
    { model: 'fanuc', count: 3 },
  ],
};

const check = (certificate: string, fingerprint?: string) => verifyLicense(certificate, keys.publicKeyPem, { now: NOW, fingerprint });

/** The certificate with the character at `i` replaced by another base64url character. */
function changedAt(certificate: string, i: number): string {
  const c = certificate[i];
  const other = c === 'A' ? 'B' : c === 'B' ? 'C' : 'A';
  return certificate.slice(0, i) + other + certificate.slice(i + 1);
}

describe('licence certificates', () => {
  it('makes an Ed25519 key pair whose public half can be derived from the private one', () => {
    expect(keys.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(createPublicKey(keys.publicKeyPem).asymmetricKeyType).toBe('ed25519');
    expect(publicKeyOf(keys.privateKeyPem)).toBe(keys.publicKeyPem);
  });

  it('signs a compact JWS with the EdDSA header that verifies with the public key', () => {
    const certificate = signLicense(claims, keys.privateKeyPem);
    const [header, payload, signature] = certificate.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'EdDSA', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual(claims);
    expect(Buffer.from(signature, 'base64url')).toHaveLength(64);
    expect(check(certificate)).toEqual({ valid: true, reason: null, claims });
    expect(check(certificate, claims.finger_print)).toEqual({ valid: true, reason: null, claims });
  });

  it('refuses the certificate with any one character changed, in the header, the payload or the signature', () => {
    const certificate = signLicense(claims, keys.privateKeyPem);
    for (let i = 0; i < certificate.length; i++) {
      if (certificate[i] === '.') continue;
      const verdict = check(changedAt(certificate, i));
      expect(verdict.valid, `character ${i}`).toBe(false);
      expect([LICENSE_REFUSAL.badSignature, LICENSE_REFUSAL.malformed], `character ${i}`).toContain(verdict.reason);
    }
    // a changed claim with the old signature is a forgery, not a malformed certificate
    const [header, , signature] = certificate.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, count: [{ model: 'all', count: 999 }] })).toString('base64url');
    expect(check(`${header}.${forged}.${signature}`)).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.badSignature, claims: null });
  });

  it('refuses a signature spelled another way that decodes to the same bytes', () => {
    const certificate = signLicense(claims, keys.privateKeyPem);
    // 64 bytes take 86 characters with 4 bits to spare in the last one: flipping a spare bit keeps the bytes
    const last = certificate.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1];
    const respelled = certificate.slice(0, -1) + twin;
    expect(Buffer.from(respelled.split('.')[2], 'base64url')).toEqual(Buffer.from(certificate.split('.')[2], 'base64url'));
    expect(check(respelled)).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.badSignature });
  });

  it('refuses a certificate signed by another key pair', () => {
    const other = newLicenseKeyPair();
    expect(check(signLicense(claims, other.privateKeyPem))).toEqual({ valid: false, reason: LICENSE_REFUSAL.badSignature, claims: null });
  });

  it('refuses an expired licence and one not yet valid, and says which licence it was', () => {
    const expired = signLicense({ ...claims, exp: seconds(NOW) }, keys.privateKeyPem);
    expect(check(expired)).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.expired, claims: { jti: 'lic-1' } });
    expect(verifyLicense(expired, keys.publicKeyPem, { now: new Date(NOW.getTime() - 1000) }).valid).toBe(true);

    const later = signLicense({ ...claims, nbf: seconds(NOW) + 1 }, keys.privateKeyPem);
    expect(check(later)).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.notYetValid });
    expect(verifyLicense(later, keys.publicKeyPem, { now: new Date(NOW.getTime() + 1000) }).valid).toBe(true);
  });

  it('refuses a licence bound to another box fingerprint', () => {
    const certificate = signLicense(claims, keys.privateKeyPem);
    expect(check(certificate, 'fp-other')).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.fingerprintMismatch, claims });
    expect(check(certificate, '')).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.fingerprintMismatch });
  });

  it('refuses garbage as malformed without throwing', () => {
    const certificate = signLicense(claims, keys.privateKeyPem);
    const [header, payload, signature] = certificate.split('.');
    const garbage = [
      '',
      'not a certificate',
      '..',
      'a.b',
      `${certificate}.extra`,
      `${header}.${payload}`,
      `${header}.${payload}.!!!`,
      `${header}=.${payload}.${signature}`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${payload}.${signature}`,
      `${Buffer.from('not json').toString('base64url')}.${payload}.${signature}`,
      '\u0000\uffff.\ud800.x',
      null as unknown as string,
      42 as unknown as string,
    ];
    for (const text of garbage) {
      expect(() => check(text), String(text)).not.toThrow();
      expect(check(text), String(text)).toMatchObject({ valid: false, reason: LICENSE_REFUSAL.malformed, claims: null });
    }
  });

  it('refuses a well-signed payload that is not licence claims as malformed', () => {
    const signRaw = (payload: unknown) => {
      const input = `${Buffer.from('{"alg":"EdDSA","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${input}.${sign(null, Buffer.from(input), keys.privateKeyPem).toString('base64url')}`;
    };
    expect(check(signRaw(claims))).toEqual({ valid: true, reason: null, claims });
    for (const payload of [null, [], 'text', { ...claims, type: 'free' }, { ...claims, count: [{ model: 'fanuc', count: -1 }] }, { ...claims, exp: '2099' }]) {
      expect(check(signRaw(payload)), JSON.stringify(payload)).toEqual({ valid: false, reason: LICENSE_REFUSAL.malformed, claims: null });
    }
  });

  it('will not sign claims a box would refuse, nor with a key that is not Ed25519', () => {
    expect(() => signLicense({ ...claims, count: [{ model: 'fanuc', count: 1.5 }] }, keys.privateKeyPem)).toThrow();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    expect(() => signLicense(claims, rsa.privateKey)).toThrow(/Ed25519/);
    expect(() => verifyLicense(signLicense(claims, keys.privateKeyPem), rsa.publicKey, { now: NOW })).toThrow(/Ed25519/);
  });
});
