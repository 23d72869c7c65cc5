import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config as configTable } from '../db/schema.js';
import { type TestApp, createTestApp } from '../test/harness.js';
import { pagePolicy } from './security-headers.js';

const INDEX = '<!doctype html><html><head><title>console</title></head><body><div id="root"></div></body></html>';

/** The directives of a policy by name. */
const directivesOf = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

describe('security headers', () => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'gw-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), INDEX);
    writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('marks every answer nosniff, unframeable and origin-only as referrer: API, errors, pages, assets', async () => {
    const answers = [
      await get('/custom/api/healthz'),
      await get('/custom/api/v1/tools/captcha'),
      await get('/custom/api/v1/user/info'),
      await get('/custom/api/no-such-route'),
      await get('/custom/'),
      await get('/custom/assets/app.js'),
      await t.app.inject({ method: 'POST', url: '/custom/api/v1/user/login', payload: '{"a":' , headers: { 'content-type': 'application/json' } }),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options'], res.raw.req.url).toBe('nosniff');
      expect(res.headers['x-frame-options'], res.raw.req.url).toBe('DENY');
      expect(res.headers['referrer-policy'], res.raw.req.url).toBe('strict-origin-when-cross-origin');
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200, 200, 400]);
  });

  it('gives the console pages a policy of their own origin only, never framed, and leaves JSON without one', async () => {
    for (const url of ['/custom/', '/custom/dashboard', '/custom/index.html']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = directivesOf(String(res.headers['content-security-policy']));
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('connect-src'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
    }
    expect((await get('/custom/api/healthz')).headers['content-security-policy']).toBeUndefined();
  });

  it('lets the pages reach 高德地图 only while its key is set', async () => {
    await t.db.update(configTable).set({ value: 'k-123' }).where(eq(configTable.key, 'amap_key'));
    const withMap = directivesOf(String((await get('/custom/machine')).headers['content-security-policy']));
    expect(withMap.get('script-src')).toEqual(["'self'", 'https://*.amap.com', 'https://*.autonavi.com']);
    expect(withMap.get('frame-ancestors')).toEqual(["'none'"]);
    await t.db.update(configTable).set({ value: '' }).where(eq(configTable.key, 'amap_key'));
    const without = directivesOf(String((await get('/custom/machine')).headers['content-security-policy']));
    expect(without.get('script-src')).toEqual(["'self'"]);
  });

  it('keeps the uploads’ own sandbox policy, even for an uploaded HTML file', async () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'x');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'page.html'), '<script>alert(1)</script>');
    const res = await get('/custom/uploads/x/page.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows no inline or evaluated script in either policy', () => {
    for (const amap of [false, true]) {
      const scripts = directivesOf(pagePolicy({ amap })).get('script-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
    }
  });
});
