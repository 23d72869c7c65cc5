import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { adminUser } from '../../db/schema.js';
import { TokenSigner } from '../../lib/token.js';
import { ADMIN_PASSWORD, type TestApp, TestClock, createTestApp } from '../../test/harness.js';
import { userRoutesAlone } from '../../test/user-routes.js';
import { Sessions } from './sessions.js';

const HOUR = 3_600_000;

/** One whole server for the file: the sessions as the app builds them; the settings are tested on Sessions alone. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Sessions with the settings of `env` and a clock of their own, on the whole app's database, in front of the user
 * routes on a bare Fastify; a session opened for `username` (a new user) as a login would.
 */
async function sessionsWith(env: Record<string, string>, username: string) {
  const config = loadConfig(env);
  const clock = new TestClock();
  const sessions = new Sessions({
    db: t.db,
    clock,
    signer: new TokenSigner('sessions-test-secret'),
    superUser: config.superUser,
    ttlHours: config.tokenTtlHours,
    cacheMs: config.sessionCacheMs,
  });
  const alone = await userRoutesAlone({ ...t.deps, clock, sessions });
  const id = await t.createUser({ username, password: 'pass-123' });
  const token = await sessions.open(id, { ip: '127.0.0.1', userAgent: 'sessions test' });
  return { ...alone, clock, id, token };
}

describe('sessions', () => {
  /** The body code of GET /user/info: 200 while the session holds, 401 once it is gone. */
  async function infoCode(token: string): Promise<number> {
    const res = await t.api('GET', '/user/info', { token });
    expect(res.statusCode).toBe(200);
    return res.json().code;
  }

  it('accepts the token in the TOKEN header and as a Bearer token', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect(await infoCode(token)).toBe(200);
    const bearer = await t.api('GET', '/user/info', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.json().code).toBe(200);
  });

  it('ends the session on logout, and only that one', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const other = await t.login('admin', ADMIN_PASSWORD);

    const res = await t.api('DELETE', '/user/logout', { token });
    expect(res.json()).toMatchObject({ code: 200, data: null });

    expect(await infoCode(token)).toBe(401);
    expect((await t.api('DELETE', '/user/logout', { token })).json().code).toBe(401);
    expect(await infoCode(other)).toBe(200);
  });

  it('ends a session whose user is disabled, within SESSION_CACHE_MS when another node disabled it', async () => {
    const id = await t.createUser({ username: 'to-disable', password: 'pass-123' });
    const token = await t.login('to-disable', 'pass-123');
    expect(await infoCode(token)).toBe(200);

    // straight in the database, as another API node would: this node still trusts what it read a moment ago
    await t.db.update(adminUser).set({ enabled: false }).where(eq(adminUser.id, id));
    expect(await infoCode(token)).toBe(200);
    t.clock.advance(t.config.sessionCacheMs);
    expect(await infoCode(token)).toBe(401);
  });

  it('forgets every remembered session at once when this node serves a write', async () => {
    const id = await t.createUser({ username: 'written-off', password: 'pass-123' });
    const token = await t.login('written-off', 'pass-123');
    expect(await infoCode(token)).toBe(200);

    await t.db.update(adminUser).set({ enabled: false }).where(eq(adminUser.id, id));
    const admin = await t.login('admin', ADMIN_PASSWORD); // a login is a write too
    expect(await infoCode(admin)).toBe(200);
    expect(await infoCode(token)).toBe(401);
  });

  it('refuses a token signed with another secret, even for a live session', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const { sid, uid, iat, exp } = decodeJwt(token) as { sid: string; uid: number; iat: number; exp: number };
    const forged = await new TokenSigner('some-other-secret').sign({ sid, uid }, new Date(iat * 1000), new Date(exp * 1000));
    expect(forged).not.toBe(token);
    expect(await infoCode(forged)).toBe(401);
    expect(await infoCode(token)).toBe(200);
  });

  it('refuses a well-signed token that names another user than its session', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const other = await t.createUser({ username: 'victim', password: 'pass-123' });
    const { sid, iat, exp } = decodeJwt(token) as { sid: string; iat: number; exp: number };
    const secret = t.config.jwtSecret || (await t.db.query.appSecret.findFirst())!.value;
    const mixed = await new TokenSigner(secret).sign({ sid, uid: other }, new Date(iat * 1000), new Date(exp * 1000));
    expect(await infoCode(mixed)).toBe(401);
  });

  // Moves the clock a week ahead: keep it last in this suite.
  it('ends a session after TOKEN_TTL_HOURS (168 h by default)', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    t.clock.advance(167 * HOUR);
    expect(await infoCode(token)).toBe(200);
    t.clock.advance(HOUR + 60_000);
    expect(await infoCode(token)).toBe(401);
    expect(await infoCode(await t.login('admin', ADMIN_PASSWORD))).toBe(200);
  });
});

describe('sessions with SESSION_CACHE_MS=0', () => {
  it('reads the session on every request', async () => {
    const { app, api, id, token } = await sessionsWith({ SESSION_CACHE_MS: '0' }, 'no-cache');
    try {
      expect((await api('GET', '/user/info', { token })).json().code).toBe(200);
      await t.db.update(adminUser).set({ enabled: false }).where(eq(adminUser.id, id));
      expect((await api('GET', '/user/info', { token })).json().code).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('sessions with TOKEN_TTL_HOURS=1', () => {
  it('ends a session after one hour', async () => {
    const { app, api, clock, token } = await sessionsWith({ TOKEN_TTL_HOURS: '1' }, 'one-hour');
    try {
      clock.advance(59 * 60_000);
      expect((await api('GET', '/user/info', { token })).json().code).toBe(200);
      clock.advance(2 * 60_000);
      expect((await api('GET', '/user/info', { token })).json()).toMatchObject({ code: 401, data: null });
    } finally {
      await app.close();
    }
  });
});
