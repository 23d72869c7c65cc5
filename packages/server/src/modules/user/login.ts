import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginBody } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { adminUser, loginLog } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import { refused, wrongPassword } from '../../http/errors.js';
import type { Captchas } from '../tools/captcha.js';
import { lockedUntil } from './lockout.js';
import type { Sessions } from './sessions.js';

export interface LoginDeps {
  db: Db;
  clock: Clock;
  captchas: Captchas;
  sessions: Sessions;
  captchaRequired: boolean;
}

type Reason = 'ok' | 'password' | 'captcha' | 'locked' | 'disabled';

/** Writes one login-log row for an attempt by `username` from this request. */
export function recordAttempt(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  username: string,
  reason: Reason,
  user?: { id: number; customer_id: number | null },
) {
  return deps.db.insert(loginLog).values({
    username: username.slice(0, 64),
    user_id: user?.id ?? null,
    customer_id: user?.customer_id ?? null,
    ip: req.ip,
    user_agent: String(req.headers['user-agent'] ?? '').slice(0, 500),
    success: reason === 'ok',
    reason,
    created_at: deps.clock.now(),
  });
}

/** The refusal for a locked username + ip, or nothing. */
export async function assertNotLocked(deps: { db: Db; clock: Clock }, req: FastifyRequest, username: string): Promise<void> {
  const until = await lockedUntil(deps.db, username, req.ip, deps.clock.now());
  if (!until) return;
  await recordAttempt(deps, req, username, 'locked');
  const minutes = Math.max(1, Math.ceil((until.getTime() - deps.clock.now().getTime()) / 60_000));
  throw refused(`密码错误次数过多,账号已被锁定,请 ${minutes} 分钟后再试`);
}

/** POST /user/login: captcha, lockout, password, then a new session; every attempt leaves a login-log row. */
export async function login(deps: LoginDeps, body: LoginBody, req: FastifyRequest): Promise<string> {
  const { db, clock } = deps;
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
  const record = (reason: Reason, user?: { id: number; customer_id: number | null }) => recordAttempt(deps, req, body.username, reason, user);

  if (deps.captchaRequired && !(await deps.captchas.check(body.c_id, body.captcha))) {
    await record('captcha');
    throw refused('验证码错误');
  }
  await assertNotLocked(deps, req, body.username);
  const [user] = await db.select().from(adminUser).where(eq(adminUser.username, body.username));
  const passwordOk = await verifyPassword(body.password, user?.password_hash ?? dummyHash());
  if (!user || !passwordOk) {
    await record('password', user);
    throw wrongPassword('用户名或密码错误');
  }
  if (!user.enabled) {
    await record('disabled', user);
    throw refused('账号已停用,请联系管理员');
  }
  const token = await deps.sessions.open(user.id, { ip: req.ip, userAgent });
  await db.update(adminUser).set({ last_login_at: clock.now() }).where(eq(adminUser.id, user.id));
  await record('ok', user);
  return token;
}
