import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_CALLBACK_PATH } from '@gw/contracts';
import { loadConfig } from '../config.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../test/harness.js';
import { RateLimiter, clientKey, registerRateLimits } from './rate-limit.js';

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Sends `n` requests and returns their statuses. */
async function statuses(n: number, send: () => Promise<Reply>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).statusCode);
  return out;
}

describe('RateLimiter', () => {
  it('lets a minute’s budget through at once, then one request per share of the minute', () => {
    let now = 0;
    const limiter = new RateLimiter(30, () => now);
    for (let i = 0; i < 30; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(2);
    now += 1999;
    expect(limiter.take('a')).toBe(1);
    now += 2;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(2);
    expect(limiter.take('b')).toBe(0);
  });

  it('forgets a bucket idle for a minute, and never holds more than its bound', () => {
    let now = 0;
    const limiter = new RateLimiter(5, () => now, 100);
    for (let i = 0; i < 250; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(100);
    now += 60_000;
    limiter.take('x');
    expect(limiter.size).toBe(1);
  });

  it('counts a client by its IPv4 address, also IPv4-mapped, and by the /64 of an IPv6 address', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:0:12:1:2:3:4')).toBe('2001:db8:0:12::/64');
    expect(clientKey('2001:db8:0:12::99')).toBe('2001:db8:0:12::/64');
    expect(clientKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

// the whole app: each public route declares its budget, and the RATE_LIMIT_* settings reach the limiter
describe('rate limits on the public routes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_CAPTCHA: '4', RATE_LIMIT_SHORT_LINK: '3', RATE_LIMIT_WECHAT: '3' } });
  });
  afterAll(() => t.close());

  const from = (ip: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });

  function expectTooMany(res: Reply): void {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = res.json();
    expect(body).toMatchObject({ code: 429, data: null });
    expect(body.message).toBe(`请求过于频繁,请 ${res.headers['retry-after']} 秒后再试`);
  }

  it('answers the login past its budget with 429 in the envelope, for that address only, until the budget refills', async () => {
    const attempt = (ip: string) => from(ip, 'POST', `${API}/user/login`, { username: 'admin', password: 'wrong', captcha: 'x', c_id: 'x' });
    expect((await statuses(3, () => attempt('198.51.100.1'))).every((s) => s !== 429)).toBe(true);
    const refused = await attempt('198.51.100.1');
    expectTooMany(refused);
    // 3 a minute: a token every 20 s, less the time the three attempts took
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(10);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(20);
    // another address has its own budget; the real login still works from there
    expect((await attempt('198.51.100.2')).statusCode).not.toBe(429);
    expect(await t.login('admin', ADMIN_PASSWORD, '198.51.100.3')).toEqual(expect.any(String));
    t.clock.advance(20_000);
    expect((await attempt('198.51.100.1')).statusCode).not.toBe(429);
    expectTooMany(await attempt('198.51.100.1'));
  });

  it('does not count a login the schema refuses: it never reaches the password check', async () => {
    const malformed = await statuses(10, () => from('198.51.100.9', 'POST', `${API}/user/login`, { username: 42 }));
    expect(malformed.every((s) => s === 400)).toBe(true);
    expect((await from('198.51.100.9', 'POST', `${API}/user/login`, { username: 'admin', password: 'x', captcha: 'x', c_id: 'x' })).statusCode).not.toBe(429);
  });

  it('limits the captcha, short-link visits and both WeChat callbacks, each with its own budget', async () => {
    const ip = '192.0.2.7';
    expect(await statuses(4, () => from(ip, 'GET', `${API}/tools/captcha`))).toEqual([200, 200, 200, 200]);
    expectTooMany(await from(ip, 'GET', `${API}/tools/captcha`));
    expect(await statuses(3, () => from(ip, 'GET', '/s/nolink1'))).toEqual([404, 404, 404]);
    expectTooMany(await from(ip, 'GET', '/s/nolink1'));
    expectTooMany(await from(ip, 'GET', '/s/a/b'));
    // WeChat's scope answers its own failures with `success`; the limit still answers 429 in the envelope
    expect(await statuses(2, () => from(ip, 'GET', `${WECHAT_CALLBACK_PATH}?signature=x&timestamp=1&nonce=2&echostr=e`))).toEqual([403, 403]);
    expect((await from(ip, 'POST', WECHAT_CALLBACK_PATH)).statusCode).toBe(403);
    expectTooMany(await from(ip, 'POST', WECHAT_CALLBACK_PATH));
    expectTooMany(await from(ip, 'GET', WECHAT_CALLBACK_PATH));
    // routes without a budget are not limited
    expect(await statuses(10, () => from(ip, 'GET', '/custom/api/healthz'))).toEqual(Array(10).fill(200));
  });
});

describe('rate limits by default and switched off', () => {
  let app: FastifyInstance;
  afterAll(() => app?.close());

  it('lets a factory behind one address log in 30 times in a minute by default; 0 switches a budget off', async () => {
    expect(loadConfig({}).rateLimits).toEqual({ login: 30, captcha: 60, shortLink: 120, wechat: 600 });
    const config = loadConfig({ RATE_LIMIT_LOGIN: '', RATE_LIMIT_CAPTCHA: '0' });
    expect(config.rateLimits.login).toBe(30);
    // the limiter alone on a bare Fastify, in front of a route with each of those two budgets
    app = Fastify({ logger: false });
    registerRateLimits(app, config.rateLimits, () => Date.now());
    app.post('/login', { config: { rateLimit: 'login' } }, async () => ({ code: 200 }));
    app.get('/captcha', { config: { rateLimit: 'captcha' } }, async () => ({ code: 200 }));
    const login = () => app.inject({ method: 'POST', url: '/login', remoteAddress: '203.0.113.50' });
    expect(await statuses(30, login)).toEqual(Array(30).fill(200));
    // the bucket refills while requests run (one token every 2 s): a burst past the budget is refused all the same
    const burst = await Promise.all(Array.from({ length: 40 }, login));
    expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThan(20);
    // the captcha route from 127.0.0.1 (where the logins' captchas come from), with its budget off
    expect(await Promise.all(Array.from({ length: 80 }, () => app.inject({ method: 'GET', url: '/captcha' }).then((r) => r.statusCode)))).not.toContain(429);
  });
});
