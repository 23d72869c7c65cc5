import { WECHAT_BIND_CODE_TTL_SECONDS } from '@gw/contracts';

/** What the 绑定微信 screen is told. */
export const MSG = {
  codeIssued: `绑定码已生成, 请在 ${WECHAT_BIND_CODE_TTL_SECONDS / 60} 分钟内发送到公众号`,
  codeBusy: '绑定码生成失败, 请稍后重试',
  unbound: '已解绑',
} as const;
