import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../../db/schema.js';
import { API, type TestApp, createTestApp } from '../../test/harness.js';
import { LOCK_FAILURES } from './lockout.js';

const MINUTE = 60_000;
const PASSWORD = 'right-pass-1';

describe('login lockout after repeated wrong passwords', () => {
  let t: TestApp;

  // The captcha has its own suite; here it would only add a round trip per attempt.
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_CAPTCHA: 'off' } });
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: `${API}/user/login`, remoteAddress: ip, payload: { username, password } });

  async function fail(username: string, ip: string, times: number): Promise<void> {
    for (let i = 0; i < times; i++) expect((await attempt(username, 'wrong-pass', ip)).statusCode).toBe(410);
  }

  async function expectLocked(username: string, ip: string, minutesLeft: number): Promise<void> {
    const res = await attempt(username, PASSWORD, ip);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBeGreaterThanOrEqual(300);
    expect(body.data).toBeNull();
    expect(body.message).toContain('锁定');
    expect(body.message).toContain(`${minutesLeft} 分钟`);
  }

  async function expectLoggedIn(username: string, ip: string): Promise<void> {
    const res = await attempt(username, PASSWORD, ip);
    expect(res.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  }

  it('locks a username on one IP after 5 wrong passwords, even for the right password', async () => {
    await t.createUser({ username: 'lock-a', password: PASSWORD });
    await fail('lock-a', '10.0.0.1', LOCK_FAILURES - 1);
    await expectLoggedIn('lock-a', '10.0.0.1'); // four are not yet enough…

    await fail('lock-a', '10.0.0.1', LOCK_FAILURES);
    await expectLocked('lock-a', '10.0.0.1', 15); // …five are
  });

  it('does not lock the same username on another IP', async () => {
    await t.createUser({ username: 'lock-b', password: PASSWORD });
    await fail('lock-b', '10.0.1.1', LOCK_FAILURES);
    await expectLocked('lock-b', '10.0.1.1', 15);
    await expectLoggedIn('lock-b', '10.0.1.2');
  });

  it('keeps a wrong password refused as locked rather than telling whether it was right', async () => {
    await t.createUser({ username: 'lock-c', password: PASSWORD });
    await fail('lock-c', '10.0.2.1', LOCK_FAILURES);
    const wrong = await attempt('lock-c', 'wrong-pass', '10.0.2.1');
    const right = await attempt('lock-c', PASSWORD, '10.0.2.1');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual(right.json());
  });

  it('unlocks 15 minutes after the fifth failure; attempts while locked do not extend it', async () => {
    await t.createUser({ username: 'lock-d', password: PASSWORD });
    await fail('lock-d', '10.0.3.1', LOCK_FAILURES);
    await expectLocked('lock-d', '10.0.3.1', 15);

    t.clock.advance(10 * MINUTE);
    await expectLocked('lock-d', '10.0.3.1', 5);
    await expectLocked('lock-d', '10.0.3.1', 5);
    expect((await attempt('lock-d', 'wrong-pass', '10.0.3.1')).json().message).toContain('锁定');

    t.clock.advance(5 * MINUTE);
    await expectLoggedIn('lock-d', '10.0.3.1');
  });

  it('writes a login-log row for each attempt refused while locked', async () => {
    await t.createUser({ username: 'lock-e', password: PASSWORD });
    await fail('lock-e', '10.0.4.1', LOCK_FAILURES);
    await expectLocked('lock-e', '10.0.4.1', 15);
    await expectLocked('lock-e', '10.0.4.1', 15);

    const rows = await t.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.username, 'lock-e'), eq(loginLog.reason, 'locked')));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ ip: '10.0.4.1', success: false });
  });

  it('does not lock for failures spread over more than 15 minutes', async () => {
    await t.createUser({ username: 'lock-f', password: PASSWORD });
    await fail('lock-f', '10.0.5.1', LOCK_FAILURES - 1);
    t.clock.advance(16 * MINUTE);
    await fail('lock-f', '10.0.5.1', 1);
    await expectLoggedIn('lock-f', '10.0.5.1');
  });

  it('starts counting again after a successful login', async () => {
    await t.createUser({ username: 'lock-g', password: PASSWORD });
    await fail('lock-g', '10.0.6.1', LOCK_FAILURES - 1);
    await expectLoggedIn('lock-g', '10.0.6.1');
    await fail('lock-g', '10.0.6.1', LOCK_FAILURES - 1);
    await expectLoggedIn('lock-g', '10.0.6.1');
  });

  it('locks an unknown username too, so a lock does not reveal which accounts exist', async () => {
    await fail('no-such-user', '10.0.7.1', LOCK_FAILURES);
    const res = await attempt('no-such-user', PASSWORD, '10.0.7.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('锁定');
  });
});
