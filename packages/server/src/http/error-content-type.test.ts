import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../test/harness.js';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A refusal is a JSON envelope whichever part of the server sends it (the guard, the error handler, the router's
 * own failures, the not-found handler, the rate limit), and says so in its Content-Type: a client that goes by
 * the header (a proxy, a browser's fetch().json() wrapper, curl's users) must not see a body of unknown type.
 */
describe('every refusal says it is JSON', () => {
  let t: TestApp;
  let noRole: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN: '2' } });
    await t.createUser({ username: 'no-role', password: 'secret-123', roles: [] });
    noRole = await t.login('no-role', 'secret-123', '10.0.0.1');
    admin = await t.login('admin', ADMIN_PASSWORD, '10.0.0.4');
  });
  afterAll(() => t.close());

  const expectJson = (res: Res, status: number, code: number) => {
    expect(res.headers['content-type'], res.body).toBe(JSON_TYPE);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, data: null });
  };
  const login = (payload: string, type = 'application/json', ip = '10.0.0.2') =>
    t.app.inject({ method: 'POST', url: `${API}/user/login`, remoteAddress: ip, headers: { 'content-type': type }, payload });

  it('the guard: no session (401 in the body) and no permission (401)', async () => {
    expectJson(await t.api('GET', '/user/info'), 200, 401);
    expectJson(await t.api('GET', '/user/info', { token: 'not-a-token' }), 200, 401);
    expectJson(await t.api('GET', '/manager/custom', { token: noRole }), 401, 401);
  });

  it('the error handler: a bad query, a body that is not JSON, of the wrong type or too large', async () => {
    expectJson(await t.api('GET', '/manager/custom?page=abc', { token: admin }), 400, 400);
    expectJson(await login('{'), 400, 400);
    expectJson(await login('username=a', 'text/plain'), 400, 400);
    expectJson(await login(JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) })), 413, 413);
  });

  it("the router's own failures and an unknown address", async () => {
    expectJson(await t.api('GET', `/manager/custom/${'9'.repeat(200)}`, { token: noRole }), 400, 400);
    expectJson(await t.api('GET', '/no-such-thing'), 404, 404);
  });

  it('the rate limit (429)', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'wrong-password', captcha: '0', c_id: 'none' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await login(body, 'application/json', '10.0.0.3'));
    expectJson(answers[2], 429, 429);
  });
});
