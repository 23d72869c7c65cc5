import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WechatNoticeState } from '@gw/contracts';
import { adminUser, wechatNotice } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { ActionHandler } from '../../http/resource/types.js';
import { MSG } from './messages.js';

/**
 * 重新发送: a 未发送 notice goes back to 待发送, to the user's WeChat as bound now (a user who bound again since
 * is reached at the new openid); a user deleted, disabled or no longer bound is not written to. `wake` asks
 * the sender for a pass once the request is answered (committed).
 */
export function resendAction(now: () => Date, wake: (req: FastifyRequest) => void): ActionHandler {
  return async (req, [row], _body, tx) => {
    const state = row.state as WechatNoticeState;
    if (state !== 'unsent') throw badRequest(MSG.resendOnlyUnsent(state));
    const userId = row.user_id as number | null;
    const [user] = userId === null ? [] : await tx.select({ openid: adminUser.wx_openid, enabled: adminUser.enabled }).from(adminUser).where(eq(adminUser.id, userId));
    if (!user) throw badRequest(MSG.userGone);
    if (!user.enabled) throw badRequest(MSG.userDisabled);
    if (!user.openid) throw badRequest(MSG.userUnbound);
    await tx
      .update(wechatNotice)
      .set({ state: 'pending', reason: '', openid: user.openid, updated_at: now() })
      .where(eq(wechatNotice.id, row.id as number));
    wake(req);
    return ok(null, MSG.resent);
  };
}
