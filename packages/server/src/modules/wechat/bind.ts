import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WECHAT_BIND_CODE_PATH, WECHAT_BIND_CODE_TTL_SECONDS, WECHAT_UNBIND_PATH, type WechatBindCode, envelopeSchema, wechatBindCodeSchema } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { adminUser, wechatBindCode } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { MSG } from './messages.js';

const tags = ['user'];
/** Draws before giving up (a million codes, a handful alive at a time: one draw nearly always does). */
const DRAWS = 20;

/** 绑定微信: a one-time code for `绑定 <code>`, and 解绑. */
export function bindRoutes(app: FastifyInstance, deps: AppDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    WECHAT_BIND_CODE_PATH,
    {
      config: { access: 'session' },
      schema: { tags, summary: `微信绑定码 (发送“绑定 <绑定码>”到公众号, ${WECHAT_BIND_CODE_TTL_SECONDS / 60} 分钟内有效, 用一次)`, response: { 200: envelopeSchema(wechatBindCodeSchema) } },
    },
    async (req) => ok(await req.tx((tx) => issueBindCode(tx, req.user.id, deps.clock.now())), MSG.codeIssued),
  );
  typed.post(
    WECHAT_UNBIND_PATH,
    { config: { access: 'session' }, schema: { tags, summary: '解绑微信', response: { 200: envelopeSchema(z.null()) } } },
    async (req) => {
      await req.tx((tx) => tx.update(adminUser).set({ wx_openid: '' }).where(eq(adminUser.id, req.user.id)));
      return ok(null, MSG.unbound);
    },
  );
}

/**
 * A new code for the user, unique among the codes alive, replacing the user's older unused ones. Expired codes
 * are removed here too (the code is the table's key, so a spent code is free again once expired).
 */
export async function issueBindCode(tx: Tx, userId: number, now: Date): Promise<WechatBindCode> {
  // one code at a time per user, even when two requests cross
  await tx.select({ id: adminUser.id }).from(adminUser).where(eq(adminUser.id, userId)).for('update');
  await tx.delete(wechatBindCode).where(or(and(eq(wechatBindCode.user_id, userId), isNull(wechatBindCode.used_at)), lt(wechatBindCode.expires_at, now)));
  const expires = new Date(now.getTime() + WECHAT_BIND_CODE_TTL_SECONDS * 1000);
  for (let i = 0; i < DRAWS; i++) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx.insert(wechatBindCode).values({ code, user_id: userId, expires_at: expires, created_at: now }).onConflictDoNothing().returning();
    if (row) return { code, expires_at: expires.toISOString() };
  }
  throw refused(MSG.codeBusy);
}
