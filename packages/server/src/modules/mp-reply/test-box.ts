import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MP_REPLY_PATH, MP_REPLY_TEST_PATH, type MpReplyTestResult, envelopeSchema, mpReplyResource, mpReplyTestResultSchema, mpReplyTestSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { ok } from '../../http/reply.js';
import { candidateRules } from '../wechat/answer.js';
import { bindPreview } from '../wechat/bind-command.js';
import { type Inbound, chooseReply } from '../wechat/match.js';
import { MSG } from './messages.js';
import { replyXml, ruleReply } from '../wechat/reply.js';

/** Who the 测试 box pretends the message is between. */
export const TEST_PARTIES = { user: 'o-test-user', account: 'gh_test_account' } as const;

/** The 测试 box: which rule a message would hit and the XML it would get. Nothing is sent, bound or counted. */
export function testBoxRoute(app: FastifyInstance, { db, clock }: AppDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    MP_REPLY_TEST_PATH,
    {
      config: { access: { menu: MP_REPLY_PATH, action: 'query' } },
      schema: {
        tags: [mpReplyResource.title],
        summary: '测试: 一条消息或关注会命中哪条规则、得到什么回复 (不发送, 不计命中)',
        body: mpReplyTestSchema,
        response: { 200: envelopeSchema(mpReplyTestResultSchema) },
      },
    },
    async (req) => {
      const inbound: Inbound = req.body.kind === 'text' ? { kind: 'text', content: req.body.content } : { kind: 'subscribe' };
      const choice = chooseReply(inbound, await candidateRules(db, inbound));
      const now = clock.now();
      let result: MpReplyTestResult;
      if (choice.kind === 'bind') {
        const content = await bindPreview(db, choice.code, now);
        result = { rule_id: null, rule_name: '', reason: MSG.testBind, xml: replyXml({ type: 'text', content }, TEST_PARTIES, now) };
      } else if (choice.kind === 'rule') {
        const { rule } = choice;
        result = { rule_id: rule.id, rule_name: rule.name, reason: choice.reason, xml: replyXml(ruleReply(rule), TEST_PARTIES, now) };
      } else {
        result = { rule_id: null, rule_name: '', reason: choice.reason, xml: 'success' };
      }
      return ok(result);
    },
  );
}
