import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mpReplyResource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { mpReply } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { bindRoutes } from './bind.js';
import { callbackRoutes } from './callback.js';
import { mpReplyRules } from './rules.js';
import { testBoxRoute } from './test-box.js';

/** 自动回复 rules, their 测试 box, and the user's WeChat binding (under the API prefix). */
export function wechatRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource: mpReplyResource,
    table: mpReply,
    // a rule is found by its name or any of its keywords
    keywords: ['name', sql`array_to_string(mp_reply.keywords, ' ')`],
    ...mpReplyRules,
  });
  testBoxRoute(app, deps);
  bindRoutes(app, deps);
}

/** The official account's message callback at its full public path (outside the API prefix). */
export function wechatCallbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  callbackRoutes(app, deps);
}
