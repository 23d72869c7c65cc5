import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { WECHAT_BIND_REPLIES } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { adminUser, wechatBindCode } from '../../db/schema.js';
import { asActor } from './actor.js';

/** The unique index on admin_user.wx_openid refused (SQLSTATE 23505, under the ORM's wrapping): another user took the openid meanwhile. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * `绑定 <code>` from a follower: a valid code (unused, unexpired) binds its user to the sender's openid and is
 * spent; an openid held by another user is refused and the code stays for after the unbind. Answers the text
 * the account replies.
 */
export async function bindByCommand(db: Db, command: { code: string; openid: string; now: Date; ip: string }): Promise<string> {
  const { code, openid, now, ip } = command;
  const [owner] = await db
    .select({ id: adminUser.id, name: adminUser.name, username: adminUser.username, customer_id: adminUser.customer_id })
    .from(wechatBindCode)
    .innerJoin(adminUser, eq(adminUser.id, wechatBindCode.user_id))
    .where(and(eq(wechatBindCode.code, code), isNull(wechatBindCode.used_at), gt(wechatBindCode.expires_at, now)));
  if (!owner) return WECHAT_BIND_REPLIES.invalid;
  try {
    return await asActor(db, { user_id: owner.id, username: owner.username, customer_id: owner.customer_id, ip }, async (tx) => {
      const [holder] = await tx.select({ id: adminUser.id }).from(adminUser).where(and(eq(adminUser.wx_openid, openid), ne(adminUser.id, owner.id)));
      if (holder) return WECHAT_BIND_REPLIES.taken;
      // spend the code first: of two deliveries racing, only one finds it unused
      const spent = await tx
        .update(wechatBindCode)
        .set({ used_at: now })
        .where(and(eq(wechatBindCode.code, code), isNull(wechatBindCode.used_at)))
        .returning({ code: wechatBindCode.code });
      if (!spent.length) return WECHAT_BIND_REPLIES.invalid;
      await tx.update(adminUser).set({ wx_openid: openid }).where(eq(adminUser.id, owner.id));
      return WECHAT_BIND_REPLIES.bound(owner.name || owner.username);
    });
  } catch (err) {
    if (isUniqueViolation(err)) return WECHAT_BIND_REPLIES.taken;
    throw err;
  }
}

/** What `绑定 <code>` would answer now, without binding (the 测试 box). */
export async function bindPreview(db: Db, code: string, now: Date): Promise<string> {
  const [owner] = await db
    .select({ name: adminUser.name, username: adminUser.username })
    .from(wechatBindCode)
    .innerJoin(adminUser, eq(adminUser.id, wechatBindCode.user_id))
    .where(and(eq(wechatBindCode.code, code), isNull(wechatBindCode.used_at), gt(wechatBindCode.expires_at, now)));
  return owner ? WECHAT_BIND_REPLIES.bound(owner.name || owner.username) : WECHAT_BIND_REPLIES.invalid;
}
