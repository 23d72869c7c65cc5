import { z } from 'zod';

/** `POST /user/wechat/bind_code`: a one-time code the logged-in user sends to the official account as `绑定 <code>`. */
export const WECHAT_BIND_CODE_PATH = '/user/wechat/bind_code';
/** `POST /user/wechat/unbind`: forgets the user's openid (解绑). */
export const WECHAT_UNBIND_PATH = '/user/wechat/unbind';
/** A bind code lives 10 minutes and binds once. */
export const WECHAT_BIND_CODE_TTL_SECONDS = 10 * 60;
/** The command a follower sends: 绑定 and the code, spaces optional. */
export const WECHAT_BIND_COMMAND_RE = /^\s*绑定\s*(\d{6})\s*$/;

export const wechatBindCodeSchema = z.object({
  /** Six digits. */
  code: z.string(),
  expires_at: z.string(),
});
export type WechatBindCode = z.infer<typeof wechatBindCodeSchema>;

/** What the account answers to a bind command. */
export const WECHAT_BIND_REPLIES = {
  bound: (name: string) => `绑定成功: 您的微信已绑定账号 ${name}, 将在此接收告警与授权到期通知。`,
  invalid: '绑定码无效或已过期, 请在管理平台的个人信息中重新获取。',
  taken: '该微信已绑定其他账号, 请先在管理平台解绑。',
} as const;
