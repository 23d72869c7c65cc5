import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { CAPTCHA_TTL_MS } from './captcha.js';

describe('login captcha', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh captcha and its answer as the server stored it. */
  async function newCaptcha(): Promise<{ c_id: string; answer: string }> {
    const { c_id } = (await t.api('GET', '/tools/captcha')).json().data;
    const [row] = await t.db.select().from(captcha).where(eq(captcha.id, c_id));
    return { c_id, answer: row.answer };
  }

  const login = (c_id: string, answer: string) =>
    t.api('POST', '/user/login', { body: { username: 'admin', password: ADMIN_PASSWORD, c_id, captcha: answer } });

  async function expectCaptchaRefused(res: Awaited<ReturnType<typeof login>>): Promise<void> {
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    expect(res.json().message).toBe('验证码错误');
    expect(res.json().data).toBeNull();
  }

  it('hands out an id and an svg image that is not cached', async () => {
    const res = await t.api('GET', '/tools/captcha');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { code, data } = res.json();
    expect(code).toBe(200);
    expect(data.c_id).toEqual(expect.any(String));
    expect(data.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(Object.keys(data).sort()).toEqual(['c_id', 'svg']);
  });

  it('gives a new captcha on every call', async () => {
    const a = (await t.api('GET', '/tools/captcha')).json().data;
    const b = (await t.api('GET', '/tools/captcha')).json().data;
    expect(a.c_id).not.toBe(b.c_id);
  });

  it('logs in with the right answer', async () => {
    const c = await newCaptcha();
    const res = await login(c.c_id, c.answer);
    expect(res.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  });

  it('accepts the answer in any case and with surrounding spaces', async () => {
    const c = await newCaptcha();
    const res = await login(c.c_id, ` ${c.answer.toUpperCase()} `);
    expect(res.json().code).toBe(200);
  });

  it('works only once', async () => {
    const c = await newCaptcha();
    expect((await login(c.c_id, c.answer)).json().code).toBe(200);
    await expectCaptchaRefused(await login(c.c_id, c.answer));
  });

  it('expires after 5 minutes', async () => {
    const fresh = await newCaptcha();
    t.clock.advance(CAPTCHA_TTL_MS - 60_000);
    expect((await login(fresh.c_id, fresh.answer)).json().code).toBe(200);

    const old = await newCaptcha();
    t.clock.advance(CAPTCHA_TTL_MS + 1_000);
    await expectCaptchaRefused(await login(old.c_id, old.answer));
  });

  it('refuses a wrong answer and spends the captcha with it', async () => {
    const c = await newCaptcha();
    await expectCaptchaRefused(await login(c.c_id, 'zzzzz'));
    await expectCaptchaRefused(await login(c.c_id, c.answer));
  });

  it('refuses a missing or unknown captcha', async () => {
    await expectCaptchaRefused(await t.api('POST', '/user/login', { body: { username: 'admin', password: ADMIN_PASSWORD } }));
    await expectCaptchaRefused(await login('00000000-0000-0000-0000-000000000000', 'abcd'));
  });

  it('does not let a wrong captcha reveal whether the password was right', async () => {
    const c = await newCaptcha();
    const right = await t.api('POST', '/user/login', { body: { username: 'admin', password: ADMIN_PASSWORD, c_id: c.c_id, captcha: 'zzzzz' } });
    const c2 = await newCaptcha();
    const wrong = await t.api('POST', '/user/login', { body: { username: 'admin', password: 'nope', c_id: c2.c_id, captcha: 'zzzzz' } });
    expect(right.json()).toEqual(wrong.json());
    expect(right.statusCode).toBe(wrong.statusCode);
  });
});
