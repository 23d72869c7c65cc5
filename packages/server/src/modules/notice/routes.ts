import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { wechatNoticeResource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { wechatNotice } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { resendAction } from './actions.js';
import { startNoticeRunner } from './runner.js';

/** The login name of the notice's user ('' once the user is deleted). */
const USERNAME = sql<string>`coalesce((select u.username from admin_user u where u.id = wechat_notice.user_id), '')`;

/**
 * 通知发件箱 (API /system/wechat_notice, permissions on 自动回复's menu): the WeChat notices to bound users
 * (alarms, licence expiry) and what became of each, with 重新发送 for a 未发送 one; and this node's runner that
 * makes and sends them. The outbox is the vendor's: a customer's user (should a role grant the menu) sees none.
 */
export function noticeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const runner = startNoticeRunner(app, deps);
  /** Requests that put a notice back in the queue: the sender is woken once their answer went out (committed). */
  const woken = new WeakSet<FastifyRequest>();
  app.addHook('onResponse', async (req, reply) => {
    if (woken.has(req) && reply.statusCode === 200) runner.soon();
  });

  registerResource(app, deps, {
    resource: wechatNoticeResource,
    table: wechatNotice,
    keywords: ['title', USERNAME],
    // the vendor's outbox: a customer's user sees none, whatever its role grants
    baseWhere: (req) => (req.user.scope === 'all' ? undefined : sql`false`),
    derived: { username: USERNAME },
    actions: { resend: resendAction(() => deps.clock.now(), (req) => woken.add(req)) },
  });
}
