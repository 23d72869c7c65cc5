import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WECHAT_CALLBACK_PATH } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { answerMessage } from './answer.js';
import { settleWithin } from './deadline.js';
import { DEDUPE_WINDOW_MS, claimMessage, messagePurger, releaseClaim, storeReply } from './dedupe.js';
import { openInbound } from './envelope.js';
import type { InboundMessage } from './inbound.js';
import { encryptedReplyXml } from './reply.js';
import { readWechatSettings } from './settings.js';
import { signatureValid } from './signature.js';

/** A callback body is a short XML document (a text message holds at most 2,048 bytes); anything near this is not WeChat. */
const BODY_LIMIT = 64 * 1024;
/** WeChat waits 5 s, then delivers again: answer `success` in time and keep the reply for the retry. */
export const ANSWER_WITHIN_MS = 4000;
const tags = ['微信公众号'];

/** The query parameters WeChat signs with, as strings ('' when missing or repeated). */
function queryOf(req: FastifyRequest) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : '');
  return { signature: text('signature'), timestamp: text('timestamp'), nonce: text('nonce'), echostr: text('echostr'), encrypt_type: text('encrypt_type'), msg_signature: text('msg_signature') };
}

const success = (reply: FastifyReply) => reply.code(200).type('text/plain; charset=utf-8').send('success');
const forbidden = (reply: FastifyReply) => reply.code(403).type('text/plain; charset=utf-8').send('');

/**
 * The official account's server: GET answers WeChat's verification with `echostr`; POST takes a message or an
 * event (plain, or encrypted in safe/compat mode), answers it once however often WeChat delivers it, and
 * always in time — `success` when there is nothing to say. A bad signature gets 403; anything else that is
 * wrong gets `success` and a warning in the log, never an error page.
 */
export function callbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const purge = messagePurger(db);

  // this scope only: WeChat's XML (whatever the content type says) as text
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err, req, reply) => {
    req.log.warn({ err }, 'wechat callback failed; answered success');
    return success(reply);
  });

  app.get(WECHAT_CALLBACK_PATH, { config: { access: 'public', rateLimit: 'wechat' }, schema: { tags, summary: '微信服务器验证 (签名正确时答复 echostr)' } }, async (req, reply) => {
    const q = queryOf(req);
    const { token } = await readWechatSettings(db);
    if (!signatureValid(token, [q.timestamp, q.nonce], q.signature)) return forbidden(reply);
    return reply.type('text/plain; charset=utf-8').send(q.echostr);
  });

  app.post(WECHAT_CALLBACK_PATH, { bodyLimit: BODY_LIMIT, config: { access: 'public', rateLimit: 'wechat' }, schema: { tags, summary: '微信消息与事件 (XML; 无需回复时答复 success)' } }, async (req, reply) => {
    const q = queryOf(req);
    const settings = await readWechatSettings(db);
    const opened = openInbound(settings, q, typeof req.body === 'string' ? req.body : '');
    if (opened.kind === 'forbidden') return forbidden(reply);
    if (opened.kind === 'ignored') {
      req.log.warn({ reason: opened.reason }, 'wechat callback ignored');
      return success(reply);
    }
    const now = clock.now();
    // a replay older than the dedupe window would not be recognised as a repeat: not acted on at all
    if (!(Math.abs(now.getTime() - Number(q.timestamp) * 1000) < DEDUPE_WINDOW_MS)) {
      req.log.warn({ timestamp: q.timestamp }, 'wechat callback ignored: timestamp outside the window');
      return success(reply);
    }
    const { msg } = opened;
    await purge(now);
    const claim = await claimMessage(db, msg, now);
    const xml = claim.first ? await answerInTime(req, deps, msg, now) : (claim.reply ?? '');
    if (!xml) return success(reply);
    const body = opened.cipher ? encryptedReplyXml(xml, opened.cipher, settings.token, now, String(randomInt(1e9, 1e10))) : xml;
    return reply.type('application/xml; charset=utf-8').send(body);
  });
}

/** The reply to a message taken for the first time, or '' if it is not ready in time (the retry gets it when stored). */
async function answerInTime(req: FastifyRequest, { db }: AppDeps, msg: InboundMessage, now: Date): Promise<string> {
  const work = (async () => {
    try {
      const xml = await answerMessage(db, msg, now, req.ip);
      await storeReply(db, msg.key, xml);
      return xml;
    } catch (err) {
      req.log.warn({ err, key: msg.key }, 'wechat message not answered; released for the retry');
      await releaseClaim(db, msg.key).catch(() => undefined);
      return '';
    }
  })();
  return settleWithin(work, ANSWER_WITHIN_MS, '');
}
