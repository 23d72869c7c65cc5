import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';
import { licenceCountExceeded, unlicensed } from './errors.js';

describe('API contract', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        app.get('/custom/api/v1/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('database password is hunter2');
        });
        app.get('/custom/api/v1/test/unlicensed', { config: { access: 'public' } }, async () => {
          throw unlicensed();
        });
        app.get('/custom/api/v1/test/count', { config: { access: 'public' } }, async () => {
          throw licenceCountExceeded(3);
        });
      },
    });
    token = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('wraps success in {code: 200, message, data}', async () => {
    const res = await t.api('GET', '/user/info', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, message: expect.any(String), data: { username: 'admin' } });
  });

  it('adds count, start, limit, next and previous to lists', async () => {
    const res = await t.api('GET', '/manager/custom?page=1&limit=10', { token });
    expect(res.json()).toMatchObject({ code: 200, count: 1, start: 0, limit: 10, next: null, previous: null });
  });

  it('answers a missing or forged token with body code 401', async () => {
    for (const headers of [{}, { token: 'not-a-jwt' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/custom/api/v1/user/info', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 401, data: null });
    }
  });

  it('answers wrong types and unknown JSON with 400 naming the field, never 500', async () => {
    const wrongType = await t.api('POST', '/user/login', { body: { username: 42, password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('username');

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/custom/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 400, message: '请求体不是合法的 JSON' });

    const badId = await t.api('GET', '/manager/custom/abc', { token });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('id');

    const badEmail = await t.api('PUT', '/user/info', { token, body: { email: 'not-an-email' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('邮箱格式不正确');
  });

  it('answers a sort by a name that is not a declared column with 400 naming sort, prototype names too', async () => {
    for (const sort of ['__proto__', '-__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'password_hash']) {
      const res = await t.api('GET', `/system/config?sort=${sort}`, { token });
      expect(res.statusCode, sort).toBe(400);
      expect(res.json().message).toMatch(/^参数错误 sort: 不支持的排序字段/);
      const exported = await t.api('POST', '/system/config/export', { token, body: { filters: { sort } } });
      expect(exported.statusCode, sort).toBe(400);
    }
    const declared = await t.api('GET', '/system/config?sort=-key', { token });
    expect(declared.json().code).toBe(200);
  });

  it('answers a body of a type a JSON route does not read with 400 in the envelope', async () => {
    for (const [type, payload] of [['application/xml', '<a/>'], ['text/plain', '{"name":"x"}'], ['application/x-www-form-urlencoded', 'name=x']]) {
      const res = await t.api('POST', '/system/role', { token, body: payload, headers: { 'content-type': type } });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null });
      expect(res.json().message).toContain('参数错误');
    }
  });

  it('answers a path parameter past the router length limit with 400 in the envelope', async () => {
    const res = await t.api('GET', `/manager/custom/${'9'.repeat(500)}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '参数错误 路径参数过长', data: null });
  });

  it('answers values the database cannot hold with 400, not 500', async () => {
    const hugeId = await t.api('GET', '/manager/custom/99999999999', { token });
    expect(hugeId.statusCode).toBe(400);
    const nul = await t.api('GET', '/manager/custom?keywords=%00', { token });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('参数错误');
    const hugeArea = await t.api('POST', '/manager/custom', { token, body: { company_name: '大数公司', area_id: 99999999999 } });
    expect(hugeArea.statusCode).toBe(400);
    expect(hugeArea.json().message).toContain('area_id');
  });

  it('answers a business refusal with HTTP 200 and a Chinese message under code ≥ 300', async () => {
    const res = await t.api('POST', '/user/switch_role', { token, body: { role_id: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    expect(res.json().message).toBe('您没有该角色,无法切换');
  });

  it('answers a wrong password with 410', async () => {
    const res = await t.api('PUT', '/user/info', { token, body: { old_password: 'wrong', password: 'new-password' } });
    expect(res.statusCode).toBe(410);
  });

  it('answers unexpected errors with 500, a request id and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/custom/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('.ts:');
  });

  it('has the licence answers ready: 403 and 409 with the count', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/custom/api/v1/test/unlicensed' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe('未授权或授权已过期');
    const over = await t.app.inject({ method: 'GET', url: '/custom/api/v1/test/count' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 409, count: 3 });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.api('GET', '/no/such/thing', { token });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
