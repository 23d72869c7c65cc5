import { createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicenseClaims } from '@gw/contracts';
import { buildApp } from '../../app.js';
import { appSecret } from '../../db/schema.js';
import { LICENSE_PRIVATE_KEY } from '../../db/seed.js';
import { signLicense, verifyLicense } from '../../lib/license.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { loadLicenseKey } from './license-key.js';

const PATH = '/tools/license/public_key';

/** The base64 body of a PEM, without its armour lines and line breaks. */
const pemBody = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

describe('licence public key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function storedPrivateKey(): Promise<string> {
    const [row] = await t.db.select().from(appSecret).where(eq(appSecret.name, LICENSE_PRIVATE_KEY));
    return row.value;
  }

  it('is served without a token as an Ed25519 public key in PEM', async () => {
    const res = await t.api('GET', PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-pem-file; charset=utf-8');
    expect(res.body).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    const key = createPublicKey(res.body);
    expect(key.type).toBe('public');
    expect(key.asymmetricKeyType).toBe('ed25519');
  });

  it('is the public half of the key kept in the database, which checks what that key signs', async () => {
    const privateKeyPem = await storedPrivateKey();
    expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const now = t.clock.now();
    const claims: LicenseClaims = {
      type: 'temp',
      iat: Math.floor(now.getTime() / 1000),
      nbf: Math.floor(now.getTime() / 1000),
      exp: Math.floor(now.getTime() / 1000) + 30 * 24 * 3600,
      jti: '1',
      finger_print: 'fp-1',
      sub: 'GW0001',
      vpn: false,
      count: [{ model: 'all', count: 2 }],
    };
    const certificate = signLicense(claims, privateKeyPem);
    const served = (await t.api('GET', PATH)).body;
    expect(verifyLicense(certificate, served, { now, fingerprint: 'fp-1' })).toEqual({ valid: true, reason: null, claims });
    expect((await loadLicenseKey(t.db)).publicKeyPem).toBe(served);
  });

  it('never shows the private key, to a visitor or a logged-in administrator, nor in the API description', async () => {
    const secret = pemBody(await storedPrivateKey());
    expect(secret.length).toBeGreaterThan(40);
    const token = await t.login('admin', ADMIN_PASSWORD);
    const answers = [
      await t.api('GET', PATH),
      await t.api('GET', PATH, { token }),
      await t.api('HEAD', PATH),
      await t.app.inject({ method: 'GET', url: '/custom/api/docs/json' }),
    ];
    for (const res of answers) {
      expect(res.body).not.toContain(secret);
      // nor any long stretch of it, in case it were re-wrapped
      expect(res.body.replace(/\s+/g, '')).not.toContain(secret.slice(-40));
    }
  });

  it('is documented in the OpenAPI description as public PEM text', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/custom/api/docs/json' })).json();
    const op = doc.paths[`/custom/api/v1${PATH}`].get;
    expect(op.summary).toContain('公钥');
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/x-pem-file']);
  });

  it('is made once: apps starting together on the same database keep one key', async () => {
    // as if the database were new: the next starts race to make the key
    await t.db.delete(appSecret).where(eq(appSecret.name, LICENSE_PRIVATE_KEY));
    const nodes = await Promise.all([1, 2].map(() => buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false })));
    try {
      for (const node of nodes) await node.app.ready();
      const [row, ...more] = await t.db.select().from(appSecret).where(eq(appSecret.name, LICENSE_PRIVATE_KEY));
      expect(more).toHaveLength(0);
      const keys = await Promise.all([t.app, ...nodes.map((n) => n.app)].map((app) => app.inject({ method: 'GET', url: `/custom/api/v1${PATH}` })));
      for (const res of keys) expect(res.body).toBe(keys[0].body);
      expect(keys[0].body).toBe(createPublicKey(row.value).export({ type: 'spki', format: 'pem' }));

      // and a later start changes nothing
      const again = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
      await again.app.ready();
      expect((await again.app.inject({ method: 'GET', url: `/custom/api/v1${PATH}` })).body).toBe(keys[0].body);
      await again.app.close();
    } finally {
      for (const node of nodes) await node.app.close();
    }
  });
});
