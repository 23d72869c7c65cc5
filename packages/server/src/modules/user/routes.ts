import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customInfoUpdateSchema,
  customerSchema,
  envelopeSchema,
  loginBodySchema,
  switchRoleSchema,
  tokenSchema,
  userInfoSchema,
  userInfoUpdateSchema,
} from '@gw/contracts';
import { z } from 'zod';
import { adminUser, customer } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { refused, wrongPassword } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { userInfo } from './info.js';
import { assertNotLocked, login, recordAttempt } from './login.js';
import { withCounts } from '../customer/decorate.js';
import { serializeCustomer } from '../customer/serialize.js';

const tags = ['user'];

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, sessions } = deps;

  app.post(
    '/user/login',
    {
      config: { access: 'public', rateLimit: 'login' },
      schema: { tags, summary: '登录', body: loginBodySchema, response: { 200: envelopeSchema(tokenSchema) } },
    },
    async (req) => ok({ token: await login({ ...deps, captchaRequired: deps.config.loginCaptcha }, req.body, req) }, '登录成功'),
  );

  app.delete(
    '/user/logout',
    { config: { access: 'session' }, schema: { tags, summary: '退出登录', response: { 200: envelopeSchema(z.null()) } } },
    async (req) => {
      await sessions.revoke(req.user.sessionId);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/user/info',
    { config: { access: 'session' }, schema: { tags, summary: '当前用户信息', response: { 200: envelopeSchema(userInfoSchema) } } },
    async (req) => ok(await userInfo(db, req.user)),
  );

  app.put(
    '/user/info',
    {
      config: { access: 'session' },
      schema: { tags, summary: '修改当前用户信息或密码', body: userInfoUpdateSchema, response: { 200: envelopeSchema(userInfoSchema) } },
    },
    async (req) => {
      const { old_password, password, ...profile } = req.body;
      const patch: Partial<typeof adminUser.$inferInsert> = { ...profile };
      if (password) {
        // A wrong old password counts like a failed login, so a left-open session cannot guess without limit.
        await assertNotLocked(deps, req, req.user.username);
        const [row] = await db.select({ hash: adminUser.password_hash, customer_id: adminUser.customer_id }).from(adminUser).where(eq(adminUser.id, req.user.id));
        if (!(await verifyPassword(old_password ?? '', row.hash))) {
          await recordAttempt(deps, req, req.user.username, 'password', { id: req.user.id, customer_id: row.customer_id });
          throw wrongPassword('原密码错误');
        }
        patch.password_hash = await hashPassword(password);
      }
      if (Object.keys(patch).length) await req.tx((tx) => tx.update(adminUser).set(patch).where(eq(adminUser.id, req.user.id)));
      if (password) await sessions.revokeOthers(req.user.id, req.user.sessionId);
      return ok(await userInfo(db, req.user), password ? '密码已修改,其他设备上的登录已失效' : '保存成功');
    },
  );

  app.post(
    '/user/switch_role',
    {
      config: { access: 'session' },
      schema: { tags, summary: '切换角色,返回只含该角色的新令牌', body: switchRoleSchema, response: { 200: envelopeSchema(tokenSchema) } },
    },
    async (req) => {
      if (!req.user.heldRoleIds.includes(req.body.role_id)) throw refused('您没有该角色,无法切换');
      const token = await sessions.open(req.user.id, {
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
        roleId: req.body.role_id,
      });
      await sessions.revoke(req.user.sessionId);
      return ok({ token }, '角色已切换');
    },
  );

  app.get(
    '/user/custom_info',
    { config: { access: 'session' }, schema: { tags, summary: '当前用户所属公司', response: { 200: envelopeSchema(customerSchema) } } },
    async (req) => {
      const row = req.user.customerId != null ? await db.query.customer.findFirst({ where: eq(customer.id, req.user.customerId) }) : undefined;
      if (!row) throw refused('当前用户未关联公司');
      return ok(serializeCustomer(await companyWithCounts(db, req, row)));
    },
  );

  app.put(
    '/user/custom_info',
    {
      config: { access: 'session' },
      schema: { tags, summary: '修改当前用户所属公司', body: customInfoUpdateSchema, response: { 200: envelopeSchema(customerSchema) } },
    },
    async (req) => {
      const id = req.user.customerId;
      if (id == null) throw refused('当前用户未关联公司');
      // Drizzle refuses an UPDATE with nothing to set, so an empty form just reads the company back.
      const [row] = Object.keys(req.body).length
        ? await req.tx((tx) => tx.update(customer).set(req.body).where(eq(customer.id, id)).returning())
        : await db.select().from(customer).where(eq(customer.id, id));
      if (!row) throw refused('当前用户未关联公司');
      return ok(serializeCustomer(await companyWithCounts(db, req, row)), '保存成功');
    },
  );
};

/** The caller's company with its box and user counts. */
async function companyWithCounts(db: Db, req: FastifyRequest, row: typeof customer.$inferSelect) {
  const [decorated] = await withCounts([row], { db, user: req.user });
  return decorated;
}
