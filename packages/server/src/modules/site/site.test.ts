import { gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const INDEX = '<!doctype html><html><head><title>console</title></head><body><div id="root"></div></body></html>';
const LOGIN = '<!doctype html><html><head><title>console</title></head><body><div id="root"><h1>智能网关管理系统</h1></div></body></html>';
const APP_JS = 'console.log("the console");';

describe('the site: health, metrics, docs and the console', () => {
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    // The build sits below a folder named "assets": only its own assets/ folder is hashed and immutable.
    folder = path.join(mkdtempSync(path.join(tmpdir(), 'gw-web-')), 'assets', 'dist');
    mkdirSync(path.join(folder, 'assets'), { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), INDEX);
    writeFileSync(path.join(folder, 'login.html'), LOGIN);
    writeFileSync(path.join(folder, 'assets', 'app.js'), APP_JS);
    writeFileSync(path.join(folder, 'assets', 'app.js.gz'), gzipSync(APP_JS));
    t = await createTestApp({ env: { WEB_DIST: folder } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(path.dirname(path.dirname(folder)), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers the health check with the database status, without a token', async () => {
    const res = await get('/custom/api/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ok', database: 'ok', db_ms: expect.any(Number) } });
  });

  it('exposes Prometheus metrics with request durations by route template', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    await t.api('GET', '/manager/custom/1', { token });
    await get('/custom/api/healthz');
    await expect
      .poll(async () => (await get('/custom/api/metrics')).body)
      .toContain('http_request_duration_seconds_count{method="GET",route="/custom/api/v1/manager/custom/:id",status="200"} 1');
    const res = await get('/custom/api/metrics');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/custom\/api\/healthz",status="200"\} \d+/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).not.toContain('/manager/custom/1"');
  });

  it('serves Swagger UI from its own files, with nothing loaded from outside', async () => {
    const page = await get('/custom/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
    expect(page.body).not.toMatch(/https?:\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], 'http://x/custom/api/docs').pathname);
    expect(assets.filter((a) => a.endsWith('.js'))).toHaveLength(3);
    expect(assets.filter((a) => a.endsWith('.css'))).toHaveLength(2);
    for (const asset of assets) {
      const res = await get(asset);
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length, asset).toBeGreaterThan(0);
    }
    const init = await get(assets.find((a) => a.endsWith('swagger-initializer.js'))!);
    expect(init.body).toContain('validatorUrl: null');
  });

  it('describes the API in OpenAPI JSON, including login and the token header', async () => {
    const res = await get('/custom/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/custom/api/v1/user/login'].post).toBeDefined();
    expect(doc.paths['/custom/api/v1/manager/custom/{id}'].put).toBeDefined();
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'TOKEN' });
  });

  it('serves the console at /custom/ with history fallback for deep routes', async () => {
    for (const url of ['/custom/', '/custom/some/deep/route', '/custom/system/admin_user?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const direct = await get('/custom/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('sends the login page with its title already drawn (login.html), with a query too', async () => {
    for (const url of ['/custom/login', '/custom/login?redirect=%2Fdevice%2Fdevice']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(LOGIN);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/custom/login/other')).body).toBe(INDEX);
  });

  it('serves hashed assets with an immutable cache header, and a missing asset as 404', async () => {
    const res = await get('/custom/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    const missing = await get('/custom/assets/gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, data: null });
  });

  it('sends the precompressed copy of an asset to a browser that accepts gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/custom/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('answers an unknown API path with the JSON 404 envelope, never the console page', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/custom/api/v1/unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: 404, data: null, message: expect.stringContaining('/custom/api/v1/unknown') });
    }
  });

  it('redirects / and /custom to /custom/', async () => {
    for (const url of ['/', '/custom']) {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/custom/');
    }
  });

  it('tags every response with x-request-id, keeping a well-formed one from the caller', async () => {
    const urls = ['/custom/api/healthz', '/custom/', '/custom/api/v1/unknown', '/custom/api/v1/user/info'];
    const ids = new Set<string>();
    for (const url of urls) {
      const id = (await get(url)).headers['x-request-id'];
      expect(id, url).toMatch(/^[\w-]{8,64}$/);
      ids.add(String(id));
    }
    expect(ids.size).toBe(urls.length);
    expect((await get('/custom/api/healthz', { 'x-request-id': 'lb-trace-12345' })).headers['x-request-id']).toBe('lb-trace-12345');
    expect((await get('/custom/api/healthz', { 'x-request-id': 'bad id\n<script>' })).headers['x-request-id']).not.toContain('script');
  });
});
