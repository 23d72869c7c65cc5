import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../test/harness.js';
import { type HostileRequest, hostileRequests, operationsOf } from '../test/hostile.js';

/** The files (not folders) under a folder. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/** The body code of a JSON envelope, or undefined for any other body (files, HTML). */
function bodyCodeOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

/**
 * Walks every operation of the app's own OpenAPI document and sends each a bounded set of hostile inputs:
 * prototype names wherever a string may pick a key, wrong types in every field, huge strings, odd ids,
 * broken JSON, foreign content types and broken multipart. Bad input is the client's fault: a 400 (or the
 * route's refusal) in the envelope, never a 5xx, never a 415, and no half-written file left behind.
 */
describe('hostile input on every operation of the OpenAPI document', () => {
  let t: TestApp;
  let token: string;
  let logins = 0;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  /** Sends one request; a request that ended the session (logout, role switch) is followed by a new login. */
  async function send(req: HostileRequest) {
    const res = await t.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: { token, ...req.headers },
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
    if (bodyCodeOf(res.body) === 401) {
      // a fresh ip each time, so the wrong passwords this walk sends never lock the super user out
      token = await t.login('admin', ADMIN_PASSWORD, `127.0.1.${++logins % 250}`);
    }
    return res;
  }

  it('answers none of them with a 5xx, a 415 or anything but a Chinese message in the envelope', async () => {
    const doc = t.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
    const ops = operationsOf(doc, API);
    expect(ops.length).toBeGreaterThan(40);
    const uploads = path.join(t.config.dataDir, 'uploads');
    const filesBefore = filesUnder(uploads);

    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      for (const req of hostileRequests(op)) {
        const res = await send(req);
        sent++;
        const where = `${op.method} ${op.path} — ${req.what}: HTTP ${res.statusCode}`;
        if (res.statusCode >= 500 || res.statusCode === 415) failures.push(`${where} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const body = res.json<{ code?: unknown; message?: unknown }>();
          if (body.code !== res.statusCode || typeof body.message !== 'string') failures.push(`${where} not an envelope: ${res.body.slice(0, 200)}`);
          else if (!/[\u4e00-\u9fff]/.test(body.message)) failures.push(`${where} message not in Chinese: ${body.message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    expect(filesUnder(uploads)).toEqual(filesBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // thousands of requests, more with every route: a loaded 2-core machine needs more than the default 30 s
  }, 180_000);
});
