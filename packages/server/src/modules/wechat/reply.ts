import type { MpArticle, MpReply } from '@gw/contracts';
import type { WechatCipher } from './crypto.js';
import { wechatSignature } from './signature.js';
import { buildWechatXml, cdata } from './xml.js';

/** What the account says back: a text, a picture from its material library, or articles. */
export type ReplyBody =
  | { type: 'text'; content: string }
  | { type: 'image'; media_id: string }
  | { type: 'news'; articles: readonly MpArticle[] };

/** The reply a rule gives. */
export function ruleReply(rule: Pick<MpReply, 'reply_type' | 'content' | 'media_id' | 'articles'>): ReplyBody {
  if (rule.reply_type === 'image') return { type: 'image', media_id: rule.media_id };
  if (rule.reply_type === 'news') return { type: 'news', articles: rule.articles };
  return { type: 'text', content: rule.content };
}

/** Who the message was between: the reply goes the other way. */
export interface Parties {
  /** The follower's openid (the message's FromUserName). */
  user: string;
  /** The account's original id (the message's ToUserName). */
  account: string;
}

/** The passive reply XML (plain), CreateTime in seconds. */
export function replyXml(body: ReplyBody, to: Parties, now: Date): string {
  const head = { ToUserName: cdata(to.user), FromUserName: cdata(to.account), CreateTime: Math.floor(now.getTime() / 1000), MsgType: cdata(body.type) };
  if (body.type === 'text') return buildWechatXml({ ...head, Content: cdata(body.content) });
  if (body.type === 'image') return buildWechatXml({ ...head, Image: { MediaId: cdata(body.media_id) } });
  const item = body.articles.map((a) => ({ Title: cdata(a.title), Description: cdata(a.description), PicUrl: cdata(a.pic_url), Url: cdata(a.url) }));
  return buildWechatXml({ ...head, ArticleCount: body.articles.length, Articles: { item } });
}

/** Safe mode's envelope around a plain reply: Encrypt, its MsgSignature, TimeStamp and Nonce. */
export function encryptedReplyXml(plain: string, cipher: WechatCipher, token: string, now: Date, nonce: string): string {
  const encrypted = cipher.encrypt(plain);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return buildWechatXml({
    Encrypt: cdata(encrypted),
    MsgSignature: cdata(wechatSignature([token, timestamp, nonce, encrypted])),
    TimeStamp: timestamp,
    Nonce: cdata(nonce),
  });
}
