import { AES_KEY_RE, type WechatCipher, wechatCipher } from './crypto.js';
import { type InboundMessage, readInbound } from './inbound.js';
import type { WechatSettings } from './settings.js';
import { signatureValid } from './signature.js';
import { parseWechatXml } from './xml.js';

/** A callback body opened: refused (bad signature), ignored (why), or the message with the cipher to reply with. */
export type Opened =
  | { kind: 'forbidden' }
  | { kind: 'ignored'; reason: string }
  | { kind: 'message'; msg: InboundMessage; cipher?: WechatCipher };

type Query = Record<'signature' | 'timestamp' | 'nonce' | 'encrypt_type' | 'msg_signature', string>;

/**
 * Checks a POST's signature and opens its body. The mode decides what is taken: plain only plain messages,
 * safe only encrypted ones (`encrypt_type=aes`, signed by `msg_signature` over the Encrypt), compat either.
 */
export function openInbound(settings: WechatSettings, q: Query, body: string): Opened {
  const { token, mode } = settings;
  const fields = parseWechatXml(body);
  const encrypted = q.encrypt_type === 'aes';
  // without an Encrypt to check msg_signature against, the plain signature must hold
  const signed =
    encrypted && fields?.Encrypt
      ? signatureValid(token, [q.timestamp, q.nonce, fields.Encrypt], q.msg_signature)
      : signatureValid(token, [q.timestamp, q.nonce], q.signature);
  if (!signed) return { kind: 'forbidden' };
  if (!fields) return { kind: 'ignored', reason: '消息不是 XML' };
  if (!encrypted) {
    if (mode === 'safe') return { kind: 'ignored', reason: '安全模式只接收加密消息' };
    return message(fields);
  }
  if (mode === 'plain') return { kind: 'ignored', reason: '明文模式不接收加密消息 (wechat_mode 与公众平台不一致)' };
  if (!fields.Encrypt) return { kind: 'ignored', reason: '加密消息缺少 Encrypt' };
  if (!AES_KEY_RE.test(settings.aesKey) || !settings.appId) return { kind: 'ignored', reason: '未配置 wechat_aes_key 或 wechat_appid' };
  const cipher = wechatCipher(settings.aesKey, settings.appId);
  let opened: { message: string; appId: string };
  try {
    opened = cipher.decrypt(fields.Encrypt);
  } catch (err) {
    return { kind: 'ignored', reason: `无法解密: ${(err as Error).message}` };
  }
  if (opened.appId !== settings.appId) return { kind: 'ignored', reason: `消息的 AppID 与 wechat_appid 不一致: ${opened.appId.slice(0, 40)}` };
  const inner = parseWechatXml(opened.message);
  return inner ? message(inner, cipher) : { kind: 'ignored', reason: '解密后不是 XML' };
}

function message(fields: Record<string, string>, cipher?: WechatCipher): Opened {
  const msg = readInbound(fields);
  return msg ? { kind: 'message', msg, cipher } : { kind: 'ignored', reason: '消息缺少 FromUserName / ToUserName / MsgType' };
}
