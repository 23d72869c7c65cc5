import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE } from '@gw/contracts';
import { API, type TestApp, createTestApp } from '../test/harness.js';
import { declaredAccess } from '../test/route-access.js';

// every Fastify instance the app builds records its routes' declared access as they are added
vi.mock('fastify', async (importOriginal) => (await import('../test/route-access.js')).recordingFastify(importOriginal));

type Security = Record<string, string[]>[];
interface Doc {
  security?: Security;
  paths: Record<string, Record<string, { security?: Security }>>;
}

const UNUSED_ID = '2000000000';
/** Alternatives of which one is empty ask for nothing: only a list of non-empty requirements needs a token. */
const needsToken = (security: Security | undefined) => !!security?.length && security.every((r) => Object.keys(r).length > 0);

/**
 * The OpenAPI document as served says of every operation what the guard does: an operation whose route is
 * declared `public` (or, outside the API, declares nothing, which the guard lets through) is documented with
 * `security: []`; every other one inherits the document's TOKEN. Read from the routes' own declarations, and
 * checked against the guard by calling each operation without a token.
 */
describe('the OpenAPI document tells which operations need the token', () => {
  let t: TestApp;
  let doc: Doc;
  const ops: { op: string; method: string; url: string; documented: boolean; guarded: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/custom/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Doc>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const access = declaredAccess.get(route);
        if (path.startsWith(API) && !access) throw new Error(`${route} has no recorded access`);
        ops.push({
          op: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          url: path.replace(/\{\w+\}/g, UNUSED_ID),
          documented: needsToken(operation.security ?? doc.security),
          guarded: access !== undefined && access !== 'public',
        });
      }
    }
  });
  afterAll(() => t.close());

  /** Without a token, with a body that cannot parse on writes: what the guard lets through stops at the parser. */
  const callWithoutToken = (method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(method === 'GET' || method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{' }),
    });
  const refusedByGuard = (res: Awaited<ReturnType<typeof callWithoutToken>>) => {
    try {
      return res.json<{ code?: unknown }>().code === CODE.sessionInvalid;
    } catch {
      return false;
    }
  };

  it('documents each operation as its route declares', () => {
    expect(needsToken(doc.security)).toBe(true);
    expect(ops.length).toBeGreaterThan(150);
    const wrong = ops.filter((o) => o.documented !== o.guarded).map((o) => `${o.op}: documented ${o.documented ? 'TOKEN' : 'open'}`);
    expect(wrong).toEqual([]);
  });

  it('names login, the captcha, the login page tools and the signed firmware download as open', () => {
    const open = ops.filter((o) => o.op.startsWith(`${o.method} ${API}/`) && !o.documented).map((o) => o.op.replace(API, ''));
    expect(open.sort()).toEqual([
      'GET /system/version/{id}/download',
      'GET /tools/captcha',
      'GET /tools/config',
      'GET /tools/license/public_key',
      'POST /user/login',
    ]);
    for (const path of ['/user/login', '/tools/captcha', '/tools/config', '/tools/license/public_key', '/system/version/{id}/download']) {
      const methods = doc.paths[`${API}${path}`];
      const [operation] = Object.values(methods);
      expect(operation.security, path).toEqual([]);
    }
  });

  it('answers the operations documented open without a token, and refuses every other one', async () => {
    const mismatched: string[] = [];
    for (const o of ops) {
      const res = await callWithoutToken(o.method, o.url);
      if (refusedByGuard(res) !== o.documented) mismatched.push(`${o.op}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      else if (o.documented && res.headers['content-type'] !== 'application/json; charset=utf-8') mismatched.push(`${o.op}: refused as ${String(res.headers['content-type'])}`);
    }
    expect(mismatched).toEqual([]);
  });
});
