import type { WechatTemplateMessage } from '@gw/contracts';
import { REASON } from './messages.js';

/** How long one call to WeChat may take (connect and answer). */
export const WECHAT_TIMEOUT_MS = 5000;
/** A token is given up this long before WeChat says it expires, so a send never carries one about to lapse. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** WeChat's "access token invalid / not valid / expired": the token is fetched afresh and the send tried once more. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

export interface WechatCredentials {
  appid: string;
  secret: string;
}

/**
 * What became of a send. `whole`: the reason is WeChat's or the network's, not this notice's (unreachable, wrong
 * AppSecret), so the rest of the batch goes unsent with it instead of each waiting for its own timeout.
 */
export type SendOutcome = { ok: true } | { ok: false; reason: string; whole: boolean };

type Failure = { ok: false; reason: string; whole: boolean };
type Answer = { errcode?: number; errmsg?: string; access_token?: string; expires_in?: number };

const describe = (err: unknown): string => {
  if (err instanceof Error && err.name === 'TimeoutError') return `${WECHAT_TIMEOUT_MS / 1000} 秒内无应答`;
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.message || cause?.code || (err instanceof Error ? err.message : String(err));
};

/**
 * WeChat's official-account API as the notice sender uses it: the access token (kept per node until five minutes
 * before it expires), the customer-service text message and the template message. Only an answer with errcode 0 counts as sent.
 */
export class WechatApi {
  private cached: { key: string; token: string; until: number } | null = null;

  constructor(
    /** Read at each call, so a changed WECHAT_API_URL (or a test's double) applies at once. */
    private readonly baseUrl: () => string,
    private readonly now: () => Date,
  ) {}

  /** A customer-service text message (delivered within 48 hours of the user's last message to the account). */
  sendText(credentials: WechatCredentials, openid: string, content: string): Promise<SendOutcome> {
    return this.send(credentials, '/cgi-bin/message/custom/send', { touser: openid, msgtype: 'text', text: { content } });
  }

  /** A template message (模板消息): delivered whenever the user follows the account. */
  sendTemplate(credentials: WechatCredentials, openid: string, message: WechatTemplateMessage): Promise<SendOutcome> {
    return this.send(credentials, '/cgi-bin/message/template/send', { touser: openid, ...message });
  }

  private async send(credentials: WechatCredentials, path: string, message: Record<string, unknown>): Promise<SendOutcome> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(credentials);
      if (typeof token !== 'string') return token;
      const url = `${this.baseUrl()}${path}?access_token=${encodeURIComponent(token)}`;
      const body = JSON.stringify(message);
      const called = await this.call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (!called.ok) return called;
      const { answer } = called;
      if (answer.errcode === 0) return { ok: true };
      if (typeof answer.errcode !== 'number') return { ok: false, reason: REASON.badAnswer(200), whole: true };
      if (STALE_TOKEN.has(answer.errcode) && attempt === 0) {
        this.cached = null;
        continue;
      }
      return { ok: false, reason: REASON.refused(answer.errcode, answer.errmsg ?? ''), whole: false };
    }
  }

  private async token({ appid, secret }: WechatCredentials): Promise<string | Failure> {
    const base = this.baseUrl();
    const key = `${base}\n${appid}\n${secret}`;
    const now = this.now().getTime();
    if (this.cached && this.cached.key === key && this.cached.until > now) return this.cached.token;
    const url = `${base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appid)}&secret=${encodeURIComponent(secret)}`;
    const called = await this.call(url, { method: 'GET' });
    if (!called.ok) return called;
    const { answer } = called;
    if (typeof answer.access_token === 'string' && answer.access_token) {
      const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
      this.cached = { key, token: answer.access_token, until: now + seconds * 1000 - TOKEN_MARGIN_MS };
      return answer.access_token;
    }
    if (typeof answer.errcode === 'number' && answer.errcode !== 0) {
      return { ok: false, reason: REASON.refused(answer.errcode, answer.errmsg ?? ''), whole: true };
    }
    return { ok: false, reason: REASON.badAnswer(200), whole: true };
  }

  /** One HTTP call: WeChat's JSON answer, or why there is none. */
  private async call(url: string, init: RequestInit): Promise<{ ok: true; answer: Answer } | Failure> {
    let status: number;
    let text: string;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS) });
      status = res.status;
      text = await res.text();
    } catch (err) {
      return { ok: false, reason: REASON.unreachable(describe(err)), whole: true };
    }
    try {
      const answer: unknown = JSON.parse(text);
      if (status === 200 && answer && typeof answer === 'object' && !Array.isArray(answer)) return { ok: true, answer: answer };
    } catch {
      // not JSON: said below
    }
    return { ok: false, reason: REASON.badAnswer(status), whole: true };
  }
}
