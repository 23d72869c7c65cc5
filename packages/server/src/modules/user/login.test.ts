import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { adminUser, captcha, loginLog } from '../../db/schema.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../../test/harness.js';
import { userRoutesAlone } from '../../test/user-routes.js';

const UA = 'Mozilla/5.0 (login test)';

/** One whole server for the file: the login as the app serves it; LOGIN_CAPTCHA is tested on the user routes alone. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /user/login', () => {

  /** One login attempt through a real captcha; `captcha: 'wrong'` answers it wrongly. */
  async function attempt(body: { username: string; password: string; captcha?: 'wrong' }, ip = '127.0.0.1') {
    const { c_id } = (await t.api('GET', '/tools/captcha')).json().data;
    const [row] = await t.db.select().from(captcha).where(eq(captcha.id, c_id));
    return t.app.inject({
      method: 'POST',
      url: `${API}/user/login`,
      remoteAddress: ip,
      headers: { 'user-agent': UA },
      payload: { ...body, c_id, captcha: body.captcha === 'wrong' ? 'zzzzz' : row.answer },
    });
  }

  const logRows = (username: string) =>
    t.db.select().from(loginLog).where(eq(loginLog.username, username)).orderBy(desc(loginLog.id));

  it('trims the username', async () => {
    const res = await attempt({ username: '  admin ', password: ADMIN_PASSWORD });
    expect(res.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const info = await t.api('GET', '/user/info', { token: res.json().data.token });
    expect(info.json().data.username).toBe('admin');
  });

  it('answers a wrong password and an unknown user alike: HTTP 410, same body, no token', async () => {
    const wrong = await attempt({ username: 'admin', password: 'not-the-password' });
    const unknown = await attempt({ username: 'nobody-here', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(410);
    expect(unknown.statusCode).toBe(410);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 410, data: null });
  });

  it('does not take a password that differs only by case or spaces', async () => {
    expect((await attempt({ username: 'admin', password: ADMIN_PASSWORD.toUpperCase() })).statusCode).toBe(410);
    expect((await attempt({ username: 'admin', password: ` ${ADMIN_PASSWORD}` })).statusCode).toBe(410);
  });

  it('writes one login-log row per attempt with username, ip, user agent, success and reason', async () => {
    const id = await t.createUser({ username: 'logged', password: 'logged-pass' });
    const ip = '10.20.30.40';

    await attempt({ username: 'logged', password: 'logged-pass' }, ip);
    await attempt({ username: 'logged', password: 'bad-pass' }, ip);
    await attempt({ username: 'logged', password: 'logged-pass', captcha: 'wrong' }, ip);
    await attempt({ username: 'ghost', password: 'bad-pass' }, ip);

    const rows = await logRows('logged');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ username: 'logged', ip, user_agent: UA });
    expect(rows.map((r) => [r.success, r.reason])).toEqual([
      [false, 'captcha'],
      [false, 'password'],
      [true, 'ok'],
    ]);
    expect(rows.find((r) => r.reason === 'ok')).toMatchObject({ user_id: id });

    const ghost = await logRows('ghost');
    expect(ghost).toHaveLength(1);
    expect(ghost[0]).toMatchObject({ username: 'ghost', user_id: null, ip, success: false, reason: 'password' });
  });

  it('records the time of the last successful login', async () => {
    const id = await t.createUser({ username: 'stamped', password: 'stamped-pass' });
    const lastLogin = async () => (await t.db.select().from(adminUser).where(eq(adminUser.id, id)))[0].last_login_at;
    expect(await lastLogin()).toBeNull();

    await attempt({ username: 'stamped', password: 'wrong-pass' });
    expect(await lastLogin()).toBeNull();

    t.clock.advance(60 * 60_000);
    const before = t.clock.now().getTime();
    await attempt({ username: 'stamped', password: 'stamped-pass' });
    const at = (await lastLogin())!.getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('refuses a disabled user with a clear message and no token', async () => {
    await t.createUser({ username: 'retired', password: 'retired-pass', enabled: false });
    const res = await attempt({ username: 'retired', password: 'retired-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBeGreaterThanOrEqual(300);
    expect(res.json().message).toContain('停用');
    expect(res.json().data).toBeNull();
    expect((await logRows('retired'))[0]).toMatchObject({ success: false, reason: 'disabled' });
  });

  it('answers missing username or password with 400', async () => {
    const noName = await t.api('POST', '/user/login', { body: { username: '   ', password: 'x' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('请输入用户名');
    const noPassword = await t.api('POST', '/user/login', { body: { username: 'admin' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toContain('password');
  });
});

describe('POST /user/login with LOGIN_CAPTCHA=off', () => {
  let alone: Awaited<ReturnType<typeof userRoutesAlone>>;

  beforeAll(async () => {
    alone = await userRoutesAlone({ ...t.deps, config: { ...t.config, loginCaptcha: loadConfig({ LOGIN_CAPTCHA: 'off' }).loginCaptcha } });
  });
  afterAll(() => alone.app.close());

  it('logs in without captcha fields', async () => {
    const res = await alone.api('POST', '/user/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const info = await alone.api('GET', '/user/info', { token: res.json().data.token });
    expect(info.json()).toMatchObject({ code: 200, data: { username: 'admin' } });
  });

  it('still checks the password', async () => {
    const res = await alone.api('POST', '/user/login', { body: { username: 'admin', password: 'wrong' } });
    expect(res.statusCode).toBe(410);
  });
});
