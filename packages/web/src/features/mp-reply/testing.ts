import { MP_REPLY_PATH, type MpReply, WECHAT_NOTICE_PATH, type WechatNotice } from '@gw/contracts';

export const P = MP_REPLY_PATH;
export const N = WECHAT_NOTICE_PATH;

/** A rule as the API answers it: a keyword rule answering 价格 with a text. */
export function rule(overrides: Partial<MpReply> = {}): MpReply {
  return {
    id: 1, name: '价格咨询', trigger: 'keyword', keywords: ['价格', '报价'], match: 'contains', reply_type: 'text', content: '请致电 400-000-0000',
    media_id: '', articles: [], priority: 10, enabled: true, hits: 12, last_hit_at: '2026-03-02T02:00:00Z', created_at: '2026-03-01T02:00:00Z',
    updated_at: '2026-03-01T02:00:00Z',
    ...overrides,
  };
}

/** One rule of each trigger. */
export const rules: MpReply[] = [
  rule(),
  rule({ id: 2, name: '关注欢迎', trigger: 'subscribe', keywords: [], match: 'exact', content: '欢迎关注', priority: 0, hits: 3 }),
  rule({ id: 3, name: '兜底回复', trigger: 'default', keywords: [], match: 'exact', reply_type: 'image', content: '', media_id: 'MEDIA_1', enabled: false, hits: 0, last_hit_at: null }),
];

export function notice(overrides: Partial<WechatNotice> = {}): WechatNotice {
  return {
    id: 1, kind: 'alarm', user_id: 2, username: 'zhang', openid: 'o-zhang', title: '设备告警: GW-001', content: '主轴过载', state: 'sent', reason: '',
    attempts: 1, created_at: '2026-03-02T02:00:00Z', sent_at: '2026-03-02T02:00:05Z',
    ...overrides,
  };
}

export const notices: WechatNotice[] = [
  notice(),
  notice({ id: 2, kind: 'license_expiry', title: '授权即将到期: GW-002', state: 'unsent', reason: '公众号未配置', attempts: 3, sent_at: null }),
  notice({ id: 3, title: '设备告警: GW-003', state: 'pending', attempts: 0, sent_at: null }),
];
