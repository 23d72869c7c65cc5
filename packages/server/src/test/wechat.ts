import { eq } from 'drizzle-orm';
import { CONFIG_KEY, WECHAT_CALLBACK_PATH } from '@gw/contracts';
import { config } from '../db/schema.js';
import type { TestApp } from './harness.js';
import { wechatCipher } from '../modules/wechat/crypto.js';
import { wechatSignature } from '../modules/wechat/signature.js';
import { buildWechatXml, cdata, parseWechatXml } from '../modules/wechat/xml.js';

export const TOKEN = 'tok3nAbc';
export const APP_ID = 'wx1234567890abcdef';
export const AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
export const ACCOUNT = 'gh_account01';

/** Sets the account's settings in 通用配置 as the console would store them. */
export async function configureWechat(t: TestApp, values: Partial<Record<'token' | 'appId' | 'aesKey' | 'mode', string>>): Promise<void> {
  const keys = { token: CONFIG_KEY.wechatToken, appId: CONFIG_KEY.wechatAppId, aesKey: CONFIG_KEY.wechatAesKey, mode: CONFIG_KEY.wechatMode };
  for (const [name, value] of Object.entries(values)) await t.db.update(config).set({ value }).where(eq(config.key, keys[name as keyof typeof keys]));
}

/** A follower's text message, as WeChat posts it. */
export const textXml = (from: string, content: string, msgId: string, createTime = Math.floor(Date.now() / 1000)) =>
  buildWechatXml({ ToUserName: cdata(ACCOUNT), FromUserName: cdata(from), CreateTime: createTime, MsgType: cdata('text'), Content: cdata(content), MsgId: msgId });

/** An event (subscribe, unsubscribe, SCAN) with its EventKey. */
export const eventXml = (from: string, event: string, createTime: number, eventKey = '') =>
  buildWechatXml({ ToUserName: cdata(ACCOUNT), FromUserName: cdata(from), CreateTime: createTime, MsgType: cdata('event'), Event: cdata(event), EventKey: cdata(eventKey) });

/** The query WeChat signs a call with. */
export function signedQuery(t: TestApp, extra: Record<string, string> = {}, token = TOKEN): URLSearchParams {
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  const nonce = String(Math.floor(Math.random() * 1e9));
  return new URLSearchParams({ signature: wechatSignature([token, timestamp, nonce]), timestamp, nonce, openid: 'o-x', ...extra });
}

/** The callback's URL with a query. */
export const callbackUrl = (query: URLSearchParams) => `${WECHAT_CALLBACK_PATH}?${query.toString()}`;

/** POSTs a plain message, signed. */
export const postPlain = (t: TestApp, xml: string, query = signedQuery(t)) =>
  t.app.inject({ method: 'POST', url: callbackUrl(query), headers: { 'content-type': 'text/xml' }, payload: xml });

/** POSTs a message encrypted and signed as in safe mode (the plain fields too when `compat`). */
export function postEncrypted(t: TestApp, xml: string, options: { compat?: boolean; appId?: string } = {}) {
  const encrypted = wechatCipher(AES_KEY, options.appId ?? APP_ID).encrypt(xml);
  const query = signedQuery(t, { encrypt_type: 'aes' });
  query.set('msg_signature', wechatSignature([TOKEN, query.get('timestamp')!, query.get('nonce')!, encrypted]));
  const plainFields = options.compat ? (parseWechatXml(xml) ?? {}) : { ToUserName: ACCOUNT };
  const body = buildWechatXml({ ...Object.fromEntries(Object.entries(plainFields).map(([k, v]) => [k, cdata(v)])), Encrypt: cdata(encrypted) });
  return t.app.inject({ method: 'POST', url: callbackUrl(query), headers: { 'content-type': 'text/xml' }, payload: body });
}

/** The fields of a reply (decrypted when it came encrypted). */
export function replyFields(body: string): Record<string, string> & { Articles?: unknown } {
  const fields = parseWechatXml(body);
  if (!fields) throw new Error(`not XML: ${body}`);
  return fields.Encrypt ? (parseWechatXml(wechatCipher(AES_KEY, APP_ID).decrypt(fields.Encrypt).message) ?? {}) : fields;
}
