import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mpReplyResource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { mpReply } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { mpReplyRules } from './rules.js';
import { testBoxRoute } from './test-box.js';

/**
 * 自动回复 (/system/mp_reply): the official account's reply rules and their 测试 box. WeChat's callback
 * (modules/wechat) answers messages with them.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource: mpReplyResource,
    table: mpReply,
    // a rule is found by its name or any of its keywords
    keywords: ['name', sql`array_to_string(mp_reply.keywords, ' ')`],
    ...mpReplyRules,
  });
  testBoxRoute(app, deps);
}
