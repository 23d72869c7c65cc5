import { z } from 'zod';
import { defineResource } from '../resource.js';
import { MP_REPLY_PATH } from './mp-reply.js';

/**
 * 通知发件箱: the WeChat notices to bound users (alarms, licence expiry) and what became of each, under
 * 自动回复's permissions (vendor only).
 */
export const WECHAT_NOTICE_PATH = '/system/wechat_notice';

export const WECHAT_NOTICE_KINDS = ['alarm', 'license_expiry'] as const;
export type WechatNoticeKind = (typeof WECHAT_NOTICE_KINDS)[number];
export const WECHAT_NOTICE_KIND_TITLES: Record<WechatNoticeKind, string> = { alarm: '设备告警', license_expiry: '授权到期' };

/**
 * 待发送 waits for the sender; 已发送 WeChat accepted it; 未发送 it could not go (not configured, WeChat
 * unreachable or refusing) and `reason` says why. Never 已发送 without WeChat's own ok.
 */
export const WECHAT_NOTICE_STATES = ['pending', 'sent', 'unsent'] as const;
export type WechatNoticeState = (typeof WECHAT_NOTICE_STATES)[number];
export const WECHAT_NOTICE_STATE_TITLES: Record<WechatNoticeState, string> = { pending: '待发送', sent: '已发送', unsent: '未发送' };
export const WECHAT_NOTICE_STATE_COLORS: Record<WechatNoticeState, string> = { pending: 'processing', sent: 'success', unsent: 'warning' };

export const wechatNoticeSchema = z.object({
  id: z.number(),
  kind: z.enum(WECHAT_NOTICE_KINDS),
  user_id: z.number().nullable(),
  username: z.string(),
  /** The openid it goes to, fixed when the notice is made. */
  openid: z.string(),
  title: z.string(),
  content: z.string(),
  state: z.enum(WECHAT_NOTICE_STATES),
  reason: z.string(),
  attempts: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type WechatNotice = z.infer<typeof wechatNoticeSchema>;

/** Read-only; 重新发送 puts a 未发送 notice back in the queue. */
export const wechatNoticeResource = defineResource({
  path: WECHAT_NOTICE_PATH,
  menu: MP_REPLY_PATH,
  title: '微信通知',
  item: wechatNoticeSchema,
  labels: {
    kind: '类型',
    user_id: '用户',
    username: '用户',
    openid: 'OpenID',
    title: '标题',
    content: '内容',
    state: '状态',
    reason: '原因',
    attempts: '尝试次数',
    created_at: '创建时间',
    sent_at: '发送时间',
  },
  sortable: ['id', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '标题或用户',
  filters: {
    state: {
      label: '状态',
      schema: z.enum(WECHAT_NOTICE_STATES),
      input: { type: 'select', options: WECHAT_NOTICE_STATES.map((s) => ({ label: WECHAT_NOTICE_STATE_TITLES[s], value: s })) },
    },
    kind: {
      label: '类型',
      schema: z.enum(WECHAT_NOTICE_KINDS),
      input: { type: 'select', options: WECHAT_NOTICE_KINDS.map((k) => ({ label: WECHAT_NOTICE_KIND_TITLES[k], value: k })) },
    },
  },
  actions: {
    resend: { title: '重新发送', permission: 'edit', target: 'row' },
  },
});
